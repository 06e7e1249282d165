//! Serde types of the Debug Adapter Protocol messages this adapter implements (names as
//! in the specification, camelCase on the wire).

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct LaunchArgs {
    /// The program: assembly (`.s`, `.S`, `.asm`) or machine code.
    pub program: Option<String>,
    /// A state file (default: one warp, all registers 0).
    pub state: Option<String>,
    pub stop_on_entry: bool,
    /// Steps per warp (default 1,000,000).
    pub max_steps: Option<u64>,
    /// Reverse-execution memory in MiB (default 64).
    pub budget_mib: Option<usize>,
    /// Default value format of variables: hex, i32, u32, f32, f16.
    pub value_format: Option<String>,
    /// The kernel to start (a program with several needs one, as `warpkit run --kernel`).
    pub kernel: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DapSource {
    pub name: Option<String>,
    pub path: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SourceBreakpoint {
    pub line: u32,
    pub condition: Option<String>,
    pub hit_condition: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SetBreakpointsArgs {
    pub source: DapSource,
    pub breakpoints: Vec<SourceBreakpoint>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct InstructionBreakpoint {
    pub instruction_reference: String,
    pub offset: i64,
    pub condition: Option<String>,
    pub hit_condition: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SetInstructionBreakpointsArgs {
    pub breakpoints: Vec<InstructionBreakpoint>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DataBreakpoint {
    pub data_id: String,
    pub condition: Option<String>,
    pub hit_condition: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SetDataBreakpointsArgs {
    pub breakpoints: Vec<DataBreakpoint>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DataBreakpointInfoArgs {
    pub variables_reference: Option<i64>,
    pub name: String,
    pub frame_id: Option<i64>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SetExceptionBreakpointsArgs {
    pub filters: Vec<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ThreadArgs {
    pub thread_id: i64,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FrameArgs {
    pub frame_id: i64,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ValueFormat {
    pub hex: Option<bool>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VariablesArgs {
    pub variables_reference: i64,
    pub format: Option<ValueFormat>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SetVariableArgs {
    pub variables_reference: i64,
    pub name: String,
    pub value: String,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EvaluateArgs {
    pub expression: String,
    pub frame_id: Option<i64>,
    pub context: Option<String>,
    pub format: Option<ValueFormat>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GotoTargetsArgs {
    pub source: DapSource,
    pub line: u32,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GotoArgs {
    pub thread_id: i64,
    pub target_id: i64,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DisassembleArgs {
    pub memory_reference: String,
    pub offset: i64,
    pub instruction_offset: i64,
    pub instruction_count: i64,
}

// ----------------------------------------------------------------------- bodies

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExceptionFilter {
    pub filter: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    pub default: bool,
    pub supports_condition: bool,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    pub supports_configuration_done_request: bool,
    pub supports_step_back: bool,
    pub supports_conditional_breakpoints: bool,
    pub supports_hit_conditional_breakpoints: bool,
    pub supports_instruction_breakpoints: bool,
    pub supports_data_breakpoints: bool,
    pub supports_disassemble_request: bool,
    pub supports_goto_targets_request: bool,
    pub supports_set_variable: bool,
    pub supports_evaluate_for_hovers: bool,
    pub supports_terminate_request: bool,
    pub supports_stepping_granularity: bool,
    pub supports_value_formatting_options: bool,
    pub exception_breakpoint_filters: Vec<ExceptionFilter>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceOut {
    pub name: String,
    pub path: String,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BreakpointOut {
    pub id: Option<u32>,
    pub verified: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instruction_reference: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Thread {
    pub id: i64,
    pub name: String,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StackFrame {
    pub id: i64,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<SourceOut>,
    pub line: u32,
    pub column: u32,
    pub instruction_pointer_reference: String,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Scope {
    pub name: String,
    pub variables_reference: i64,
    pub expensive: bool,
    pub named_variables: u32,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Variable {
    pub name: String,
    pub value: String,
    #[serde(rename = "type")]
    pub ty: String,
    pub variables_reference: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluate_name: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GotoTarget {
    pub id: i64,
    pub label: String,
    pub line: u32,
    pub instruction_pointer_reference: String,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DisassembledInstruction {
    pub address: String,
    pub instruction_bytes: String,
    pub instruction: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<SourceOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// `invalid` for the rows outside the code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presentation_hint: Option<&'static str>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoppedEvent {
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_id: Option<i64>,
    pub all_threads_stopped: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hit_breakpoint_ids: Vec<u32>,
}
