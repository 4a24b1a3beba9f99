//! Native stepping speed, for comparison with the same run in wasm (scripts/bench-page.mjs):
//! `cargo run --release -p integrator-lab --example steps -- SCENARIO METHOD STEPS DT [NAME=VALUE]…`
//! prints nanoseconds a step. Each is stepped as the page steps it: a session of the one method and the
//! truth, recording rows, in f64 (the wasm side times the same session, so that the two run the same code).

use std::time::Instant;

use integrator_lab::rotation::{
    self, methods::RotationMethodId, scenarios::RotationSetup, session::SpinSession,
};
use integrator_lab::{MethodId, Precision, Session, Setup};

fn main() {
    let args: Vec<String> = std::env::args().collect::<Vec<_>>()[1..].to_vec();
    let usage = "usage: steps SCENARIO METHOD STEPS DT [NAME=VALUE]…";
    let (Some(scenario), Some(method), Some(steps), Some(dt)) =
        (args.first(), args.get(1), args.get(2), args.get(3))
    else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let steps: u64 = steps.parse().expect("STEPS is a whole number");
    let dt: f64 = dt.parse().expect("DT is a number");
    let overrides: Vec<(String, f64)> = args[4..]
        .iter()
        .filter_map(|a| a.split_once('='))
        .map(|(n, v)| (n.to_string(), v.parse().expect("a number")))
        .collect();
    if rotation::scenarios::get(scenario).is_some() {
        let method = RotationMethodId::from_id(method).expect("a rotation method id");
        let until = dt * (8 * steps) as f64;
        let setup =
            RotationSetup::new(scenario, &overrides, Some(dt), Some(until)).expect("a setup");
        let mut session = SpinSession::new(setup, &[method]);
        session.advance(steps / 10);
        println!("{:.1}", best_of_five(|| session.advance(steps)));
        return;
    }
    let method = MethodId::from_id(method).expect("a method id");
    // A point mass over 10⁸ steps, as the wasm side: its session records a row only every many thousand
    // steps, so that the cost is the stepping.
    let until = dt * 1e8;
    let setup = Setup::new(scenario, &overrides, Some(dt), Some(until)).expect("a valid setup");
    let mut session =
        Session::new(setup, &[(method, None)], Precision::F64).expect("a session of one method");
    session.advance(steps / 10);
    println!("{:.1}", best_of_five(|| session.advance(steps)));
}

/// The best of five timings of `advance` (which returns the steps it took), in ns a step, as the wasm side
/// takes.
fn best_of_five(mut advance: impl FnMut() -> u64) -> f64 {
    (0..5)
        .map(|_| {
            let began = Instant::now();
            let taken = advance();
            began.elapsed().as_nanos() as f64 / taken.max(1) as f64
        })
        .fold(f64::INFINITY, f64::min)
}
