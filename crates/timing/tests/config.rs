//! The SM description: defaults from the database, overrides by unit, and errors that name
//! the key.

use warpkit_isa::{id, Latency, INSNS};
use warpkit_timing::{units, Policy, SmConfig, MAX_SCHEDULERS};

fn err(text: &str) -> String {
    SmConfig::from_toml(text).unwrap_err().to_string()
}

#[test]
fn defaults_are_the_database_latencies() {
    let c = SmConfig::default();
    assert_eq!((c.schedulers(), c.policy()), (1, Policy::Lrr));
    for d in INSNS.iter() {
        let want = match d.latency {
            Latency::Fixed(n) => Some(n as u32),
            Latency::Async(_) => None,
        };
        assert_eq!(c.latency(d.id), want, "{}", d.mnemonic);
    }
}

#[test]
fn a_file_sets_schedulers_policy_and_unit_latencies() {
    let c = SmConfig::from_toml(
        "# an SM\nschedulers = 4\npolicy = \"gto\"\n\n[latency]\nvalu-fp = 3\nbranch = 2\n",
    )
    .unwrap();
    assert_eq!((c.schedulers(), c.policy()), (4, Policy::Gto));
    // Every valu-fp variant, whatever its database latency (4 or 5), takes 3.
    for d in INSNS.iter().filter(|d| d.group_desc().unit == "valu-fp") {
        assert_eq!(c.latency(d.id), Some(3), "{}", d.mnemonic);
    }
    assert_eq!(c.latency(id::JMP), Some(2));
    assert_eq!(c.latency(id::ADD), Some(4));
    assert_eq!(c.latency_overrides(), [("branch", 2), ("valu-fp", 3)]);
    assert_eq!(SmConfig::from_toml("").unwrap(), SmConfig::default());
}

#[test]
fn the_units_are_the_databases() {
    let names: Vec<&str> = units().iter().map(|u| u.name).collect();
    for g in warpkit_isa::GROUPS.iter() {
        assert!(names.contains(&g.unit), "{}", g.unit);
    }
    // Units whose variants all fault (chapter 7) are not timed.
    for u in units() {
        let executes = INSNS
            .iter()
            .any(|d| d.group_desc().unit == u.name && warpkit_sim::has_semantics(d.id));
        assert_eq!(u.timed, executes, "{}", u.name);
    }
}

#[test]
fn unknown_keys_and_bad_values_are_errors_naming_them() {
    let e = err("schedulers = 2\nwarps = 3\n");
    assert!(e.contains("warps"), "{e}");
    let e = err("[latency]\nvalu-flt = 3\n");
    assert!(
        e.contains("latency.valu-flt") && e.contains("valu-int"),
        "{e}"
    );
    let e = err("[latency]\ntex = 30\n");
    assert!(
        e.contains("latency.tex") && e.contains("never issue"),
        "{e}"
    );
    let e = err("[latency]\nsalu = 0\n");
    assert!(
        e.contains("latency.salu") && e.contains("out of range"),
        "{e}"
    );
    let e = err("[latency]\nsalu = \"fast\"\n");
    assert!(
        e.contains("latency.salu") && e.contains("whole number"),
        "{e}"
    );
    let e = err("schedulers = 0\n");
    assert!(
        e.contains("schedulers") && e.contains("out of range"),
        "{e}"
    );
    let e = err(&format!("schedulers = {}\n", MAX_SCHEDULERS as u64 + 1));
    assert!(e.contains("schedulers"), "{e}");
    let e = err("schedulers = -1\n");
    assert!(e.contains("schedulers"), "{e}");
    let e = err("policy = \"fifo\"\n");
    assert!(e.contains("policy") && e.contains("fifo"), "{e}");
    let e = err("schedulers = \n");
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn the_example_in_the_docs_parses() {
    // docs/timing.md shows an sm.toml; it must stay valid.
    let doc = include_str!("../../../docs/timing.md");
    let start = doc.find("```toml\n").expect("a toml example") + 8;
    let end = start + doc[start..].find("```").unwrap();
    let c = SmConfig::from_toml(&doc[start..end]).expect("the documented example");
    assert!(c.schedulers() >= 1);
}
