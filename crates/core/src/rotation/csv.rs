//! The CSV table of a spinning body's run, as the CLI prints it and the page exports it.
//!
//! Columns: `method,step,t`, the attitude `q_w,q_x,q_y,q_z` (as the method left it: explicit Euler's grows in
//! norm), the body-frame `omega_1,omega_2,omega_3`, `energy` and `L_norm` (‖Iω‖), then the truth's same
//! columns, each prefixed by its own source (`exact_` where it is a closed form, `reference_` where it comes
//! from the reference run: on the tennis racket `exact_omega_*` but `reference_q_*`), then `error`, the angle
//! between the attitudes in rad ([`super::attitude_angle`]: a quaternion that grew in norm is no further off
//! for it), and `omega_error`, the largest error of a component of ω, in rad/s. With a nudge, a last column
//! `separation`: the angle between each method's attitude and its twin's, started from ω1 + the nudge (the
//! twins are not rows). Rows: step 0, every `every`-th step and the last, for each method in turn. A method whose state stops being finite ends its
//! rows there; `on_divergence` hears of it.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::methods::RotationMethodId;
use super::scenarios::{RotationSetup, RotationTruth};
use super::{attitude_angle, dot, Spin};
use crate::format;
use crate::run::Stride;

/// The prefixes of the truth's attitude and of its ω (and what follows from ω alone: the energy and ‖L‖ of a
/// free body).
fn sources(setup: &RotationSetup) -> (&'static str, &'static str, &'static str) {
    let omega = match setup.info.truth {
        RotationTruth::Reference => "reference",
        _ => "exact",
    };
    let q = match setup.info.truth {
        RotationTruth::Exact => "exact",
        _ => "reference",
    };
    // A weight's energy depends on the attitude too.
    let energy = match setup.body.torque {
        super::Torque::Free => omega,
        super::Torque::Gravity { .. } => q,
    };
    (q, omega, energy)
}

const STATE: [&str; 9] = [
    "q_w", "q_x", "q_y", "q_z", "omega_1", "omega_2", "omega_3", "energy", "L_norm",
];

/// The column names, in order (`separation` last where the run has twins).
pub fn columns(setup: &RotationSetup, nudged: bool) -> Vec<String> {
    let (q, omega, energy) = sources(setup);
    let mut out: Vec<String> = ["method", "step", "t"].map(String::from).to_vec();
    out.extend(STATE.map(String::from));
    for (i, name) in STATE.iter().enumerate() {
        let source = match i {
            0..=3 => q,
            7 => energy,
            _ => omega,
        };
        out.push(format!("{source}_{name}"));
    }
    out.extend(["error", "omega_error"].map(String::from));
    if nudged {
        out.push("separation".into());
    }
    out
}

/// A state's nine cells: q, ω, energy and ‖L‖.
fn cells(setup: &RotationSetup, spin: &Spin, line: &mut String) {
    let (kinetic, potential) = setup.body.energy(spin);
    let l = setup.body.momentum(&spin.omega);
    for v in spin
        .q
        .iter()
        .chain(&spin.omega)
        .chain(&[kinetic + potential, dot(&l, &l).sqrt()])
    {
        let _ = write!(line, ",{}", format::number(*v));
    }
}

/// The truth at each recorded step of the run, worked out once for every method.
fn truths(setup: &RotationSetup, stride: &Stride) -> Vec<(u64, Spin)> {
    let mut truth = setup.truth();
    (0..=setup.steps())
        .filter(|&n| stride.records(n))
        .map(|n| (n, truth.at(n)))
        .collect()
}

/// Writes the table; with `nudge`, each method also runs from ω1 + the nudge, and the angle between the two
/// attitudes is the last column.
pub fn write<W: Write>(
    setup: &RotationSetup,
    methods: &[RotationMethodId],
    nudge: Option<f64>,
    every: u64,
    out: &mut W,
    on_divergence: &mut dyn FnMut(RotationMethodId, f64),
) -> io::Result<()> {
    writeln!(out, "{}", columns(setup, nudge.is_some()).join(","))?;
    let stride = Stride::new(every, setup.steps());
    let truths = truths(setup, &stride);
    let mut line = String::new();
    for &method in methods {
        let mut run = setup.run(method);
        let mut twin = nudge.map(|delta| setup.nudged(delta).run(method));
        // The angle to the twin's attitude, empty once the twin has stopped (diverged) short of the run.
        let apart = |run: &super::scenarios::RotationRun,
                     twin: &Option<super::scenarios::RotationRun>| {
            twin.as_ref()
                .map(|w| (w.steps == run.steps).then(|| attitude_angle(&run.spin.q, &w.spin.q)))
        };
        for (n, truth) in &truths {
            while run.steps < *n && run.step() {
                if let Some(w) = &mut twin {
                    w.step();
                }
            }
            if run.steps < *n {
                // The last finite state, once, where it is not a recorded step already.
                if !stride.records(run.steps) {
                    row(setup, method, run.steps, &run.spin, None, &mut line);
                    separation(apart(&run, &twin), &mut line);
                    out.write_all(line.as_bytes())?;
                }
                on_divergence(method, (run.steps + 1) as f64 * setup.dt);
                break;
            }
            row(setup, method, *n, &run.spin, Some(truth), &mut line);
            separation(apart(&run, &twin), &mut line);
            out.write_all(line.as_bytes())?;
        }
    }
    Ok(())
}

/// One row: the method's state and, where given, the truth's and the errors (a diverged run's last state is
/// written with the truth at its own step, which is not on the grid of truths: those cells are empty).
fn row(
    setup: &RotationSetup,
    method: RotationMethodId,
    step: u64,
    spin: &Spin,
    truth: Option<&Spin>,
    line: &mut String,
) {
    line.clear();
    let _ = write!(
        line,
        "{},{step},{}",
        method.id(),
        format::time(step as f64 * setup.dt)
    );
    cells(setup, spin, line);
    match truth {
        Some(truth) => {
            cells(setup, truth, line);
            let omega_error = (0..3)
                .map(|i| (spin.omega[i] - truth.omega[i]).abs())
                .fold(0.0, f64::max);
            let _ = write!(
                line,
                ",{},{}",
                format::number(attitude_angle(&spin.q, &truth.q)),
                format::number(omega_error)
            );
        }
        None => line.push_str(&",".repeat(STATE.len() + 2)),
    }
    line.push('\n');
}

/// Appends the separation cell to a row (before its newline), where the run has twins.
fn separation(apart: Option<Option<f64>>, line: &mut String) {
    if let Some(apart) = apart {
        line.pop();
        if let Some(angle) = apart {
            let _ = write!(line, ",{}", format::number(angle));
        } else {
            line.push(',');
        }
        line.push('\n');
    }
}

/// The table as a string (the page's export).
pub fn to_string(
    setup: &RotationSetup,
    methods: &[RotationMethodId],
    nudge: Option<f64>,
    every: u64,
) -> String {
    let mut out = Vec::new();
    write(setup, methods, nudge, every, &mut out, &mut |_, _| {}).expect("a Vec takes every byte");
    String::from_utf8(out).expect("the table is UTF-8")
}
