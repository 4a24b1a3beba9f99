//! "Your method": rules written as students write them run as the lab's methods do, bit for bit where they
//! are the same method; mistakes are reported with their line and column; a runaway rule is stopped.

use std::sync::Arc;

use integrator_lab::language::Rule;
use integrator_lab::{Method, MethodId, Run, Setup};

fn rule(text: &str) -> Method {
    Method::Rule(Arc::new(
        Rule::compile(text).unwrap_or_else(|e| panic!("{e}")),
    ))
}

/// The positions and velocities of a run at every step.
fn trajectory(setup: &Setup, method: impl Into<Method>) -> Vec<(Vec<f64>, Vec<f64>)> {
    let mut run = Run::<f64>::new(setup, method);
    let mut out = Vec::new();
    while run.steps() < setup.steps() && run.step() {
        out.push((run.state().x.clone(), run.state().v.clone()));
    }
    assert_eq!(run.failure(), None);
    out
}

#[test]
fn a_rule_steps_as_the_method_it_writes_bit_for_bit() {
    let setup = Setup::new("orbit", &[], Some(0.1), Some(10.0)).unwrap();
    let cases = [
        (
            MethodId::Euler,
            "let a0 = a(x, v, t);\nx = x + v * dt;\nv = v + a0 * dt;",
        ),
        (
            MethodId::SymplecticEuler,
            "v = v + a(x, v, t) * dt;\nx = x + v * dt;",
        ),
    ];
    for (m, text) in cases {
        let (mine, theirs) = (trajectory(&setup, rule(text)), trajectory(&setup, m));
        assert_eq!(mine.len(), theirs.len());
        let first = mine.iter().zip(&theirs).position(|(a, b)| a != b);
        assert_eq!(first, None, "{} differs from step {first:?}", m.id());
    }
}
