//! Chrome trace-event JSON (the format Perfetto and chrome://tracing open), written while the
//! run goes on.
//!
//! One cycle is one microsecond. Process 0 is the SM; thread `w` is warp `w`, named by `M`
//! (`thread_name`, `thread_sort_index`) events. Every issued instruction is an `X` event of
//! one cycle at its issue cycle: `name` its mnemonic, `cat` its unit, `args` its `pc`, `asm`,
//! `latency`, `done` (the cycle its writes complete) and `lanes`. Every wait before it is an
//! `X` event in category `stall` (`wait: register (UNIT)`, `wait: branch`,
//! `wait: other warp`). A warp's events never overlap: the format requires the `X` events of
//! one thread to nest, and an instruction's execution overlaps the next one's issue, so the
//! execution is given in `args` rather than as the event's duration.

use crate::config::units;
use crate::engine::{Issue, Observer, Wait};
use std::io::{self, Write};
use warpkit_sim::Program;

/// Writes the trace to `out`; call [`TraceEvents::finish`] at the end.
pub struct TraceEvents<'p, W: Write> {
    out: W,
    program: &'p Program,
    label: String,
    started: bool,
    first: bool,
    error: Option<io::Error>,
}

impl<'p, W: Write> TraceEvents<'p, W> {
    /// `label` names the process (e.g. the program and the SM configuration).
    pub fn new(out: W, program: &'p Program, label: &str) -> TraceEvents<'p, W> {
        TraceEvents {
            out,
            program,
            label: label.to_string(),
            started: false,
            first: true,
            error: None,
        }
    }

    fn event(&mut self, json: &str) {
        if self.error.is_some() {
            return;
        }
        let sep = if self.first { "\n" } else { ",\n" };
        self.first = false;
        if let Err(e) = self
            .out
            .write_all(sep.as_bytes())
            .and_then(|_| self.out.write_all(json.as_bytes()))
        {
            self.error = Some(e);
        }
    }

    /// Close the JSON document and flush; the first write error, if any.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if !self.started {
            // `start` never ran: still a valid, empty trace.
            self.out.write_all(b"{\"traceEvents\":[")?;
        }
        self.out.write_all(b"\n]}\n")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

fn string(s: &str) -> String {
    serde_json::Value::String(s.to_string()).to_string()
}

impl<W: Write> Observer for TraceEvents<'_, W> {
    fn start(&mut self, warps: usize, schedulers: usize) {
        self.started = true;
        let head = "{\"otherData\":{\"generator\":\"warpkit timing\",\"time_unit\":\"1 us = 1 cycle\"},\"traceEvents\":[";
        if let Err(e) = self.out.write_all(head.as_bytes()) {
            self.error = Some(e);
        }
        let name = string(&self.label);
        self.event(&format!(
            "{{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{{\"name\":{name}}}}}"
        ));
        for w in 0..warps {
            self.event(&format!(
                "{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":{w},\"args\":{{\"name\":\"warp {w} (scheduler {})\"}}}}",
                w % schedulers.max(1)
            ));
            self.event(&format!(
                "{{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":0,\"tid\":{w},\"args\":{{\"sort_index\":{w}}}}}"
            ));
        }
    }

    fn issue(&mut self, e: &Issue) {
        let unit = |u: u8| units().get(u as usize).map_or("?", |u| u.name);
        for (w, a, b) in e.waits() {
            if b > a {
                let name = match w {
                    Wait::Branch => "wait: branch".to_string(),
                    Wait::Register { unit: u } => format!("wait: register ({})", unit(u)),
                    Wait::OtherWarp => "wait: other warp".to_string(),
                };
                self.event(&format!(
                    "{{\"name\":\"{name}\",\"cat\":\"stall\",\"ph\":\"X\",\"ts\":{a},\"dur\":{},\"pid\":0,\"tid\":{}}}",
                    b - a,
                    e.warp
                ));
            }
        }
        let asm = string(&crate::timeline::asm(self.program, e.pc));
        self.event(&format!(
            "{{\"name\":{},\"cat\":\"{}\",\"ph\":\"X\",\"ts\":{},\"dur\":1,\"pid\":0,\"tid\":{},\"args\":{{\"pc\":\"0x{:08x}\",\"asm\":{asm},\"latency\":{},\"done\":{},\"lanes\":{}}}}}",
            string(e.id.desc().mnemonic),
            unit(e.unit),
            e.cycle,
            e.warp,
            e.pc,
            e.latency,
            e.done(),
            e.lanes
        ));
    }
}
