//! The CSV table of a run: the CLI prints it, the page exports it, byte for byte the same.
//!
//! Columns: `method,step,t`, the position coordinates, the velocity coordinates, `energy`, then `kinetic`,
//! `potential`, the true state (`exact_…` or, where the truth is a reference run, `reference_…`), the true
//! energy, and `error`, the largest position error. Rows: step 0, every `every`-th step and the last, for each
//! method in the order given. A method whose state stops being finite ends its rows at its last finite
//! state; `on_divergence` hears of it.

use std::io::{self, Write};

use crate::methods::MethodId;
use crate::run::{Run, Setup};
use crate::scenarios::Truth;
use crate::{Precision, Real, State};

/// The shortest text that reads back to the same value at precision `R`: plain decimals for ordinary
/// magnitudes, scientific notation for very large or very small ones.
pub fn format_number<R: Real>(value: R) -> String {
    let magnitude = value.abs().to_f64();
    if magnitude == 0.0 {
        // −0 reads back as a value equal to 0; print it as 0.
        "0".to_string()
    } else if (1e-5..1e16).contains(&magnitude) || !value.is_finite() {
        format!("{value}")
    } else {
        format!("{value:e}")
    }
}

/// The header line, without its newline.
pub fn header(setup: &Setup) -> String {
    let coordinates = setup.coordinates();
    let prefix = match setup.scenario.info().truth {
        Truth::Exact => "exact",
        Truth::Reference => "reference",
    };
    let names: Vec<&String> = coordinates
        .positions
        .iter()
        .chain(&coordinates.velocities)
        .collect();
    let mut columns: Vec<String> = vec!["method".into(), "step".into(), "t".into()];
    columns.extend(names.iter().map(|n| n.to_string()));
    columns.extend(["energy", "kinetic", "potential"].map(String::from));
    columns.extend(names.iter().map(|n| format!("{prefix}_{n}")));
    columns.push(format!("{prefix}_energy"));
    columns.push("error".into());
    columns.join(",")
}

/// Largest position error against the truth.
pub fn position_error(state: &State<f64>, truth: &State<f64>) -> f64 {
    state
        .x
        .iter()
        .zip(&truth.x)
        .map(|(x, e)| (x - e).abs())
        .fold(0.0, f64::max)
}

fn row<R: Real>(setup: &Setup, run: &Run<R>, truth: &State<f64>, line: &mut String) {
    use std::fmt::Write as _;
    let state = run.state();
    let as_f64 = state.to_f64();
    let energy = setup.energy(&as_f64);
    line.clear();
    let _ = write!(
        line,
        "{},{},{}",
        run.method.id(),
        run.steps(),
        format_number(run.t())
    );
    for q in state.x.iter().chain(&state.v) {
        let _ = write!(line, ",{}", format_number(*q));
    }
    for e in [energy.total(), energy.kinetic, energy.potential] {
        let _ = write!(line, ",{}", format_number(R::from_f64(e)));
    }
    for q in truth.x.iter().chain(&truth.v) {
        let _ = write!(line, ",{}", format_number(*q));
    }
    let true_energy = setup.energy(truth).total();
    let _ = write!(
        line,
        ",{},{}",
        format_number(true_energy),
        format_number(position_error(&as_f64, truth))
    );
    line.push('\n');
}

fn write_method<R: Real, W: Write>(
    setup: &Setup,
    method: MethodId,
    every: u64,
    out: &mut W,
    on_divergence: &mut dyn FnMut(MethodId, f64),
) -> io::Result<()> {
    let steps = setup.steps();
    let mut run = Run::<R>::new(setup, method);
    let mut truth = setup.truth();
    let mut line = String::new();
    row(setup, &run, &truth.at(0), &mut line);
    out.write_all(line.as_bytes())?;
    while run.steps() < steps {
        if !run.step() {
            let last = run.steps();
            if last % every != 0 {
                row(setup, &run, &truth.at(last), &mut line);
                out.write_all(line.as_bytes())?;
            }
            on_divergence(method, (last + 1) as f64 * setup.dt);
            return Ok(());
        }
        let k = run.steps();
        if k % every == 0 || k == steps {
            row(setup, &run, &truth.at(k), &mut line);
            out.write_all(line.as_bytes())?;
        }
    }
    Ok(())
}

/// Writes the whole table. `every` must be at least 1.
pub fn write<W: Write>(
    setup: &Setup,
    methods: &[MethodId],
    precision: Precision,
    every: u64,
    out: &mut W,
    on_divergence: &mut dyn FnMut(MethodId, f64),
) -> io::Result<()> {
    let every = every.max(1);
    writeln!(out, "{}", header(setup))?;
    for &method in methods {
        match precision {
            Precision::F32 => write_method::<f32, W>(setup, method, every, out, on_divergence)?,
            Precision::F64 => write_method::<f64, W>(setup, method, every, out, on_divergence)?,
        }
    }
    Ok(())
}

/// The whole table as a string, for the page's "Export CSV".
pub fn to_string(setup: &Setup, methods: &[MethodId], precision: Precision, every: u64) -> String {
    let mut out = Vec::new();
    write(setup, methods, precision, every, &mut out, &mut |_, _| {})
        .expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the table is UTF-8")
}
