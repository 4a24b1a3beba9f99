//! The CSV table of a run: the CLI prints it, the page exports it, byte for byte the same.
//!
//! Columns: `method,step,t`, the position coordinates, the velocity coordinates, `energy`, then `kinetic`,
//! `potential`, the true state (`exact_…` or, where the truth is a reference run, `reference_…`), the true
//! energy, and `error`, the largest position error; where the truth is a reference run, its uncertainty
//! `reference_uncertainty` follows ([`Trust`]), and past the reference's horizon the `reference_…` and
//! `error` cells are empty: the reference is not known there. With a nudge, a last column `separation` is how
//! far each method's run is from its twin started with the first coordinate moved by the nudge
//! ([`crate::chaos::separation`]; the twins are not rows). Rows: step 0, every `every`-th step and the last
//! ([`Stride`]), for each method in the order given. Times have at most 12 significant digits, other numbers
//! are the shortest that read back at the run's precision ([`crate::format`]). A method whose state stops
//! being finite ends its rows at its last finite state; `on_divergence` hears of it.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::chaos::{separation_from, Trust};
use crate::format;
use crate::methods::Method;
use crate::run::{AnyRun, Setup, Stride};
use crate::{Precision, State};

/// The column names, in order.
pub fn columns(setup: &Setup) -> Vec<String> {
    let coordinates = setup.coordinates();
    let truth = setup.scenario.info().truth.label();
    let names: Vec<&String> = coordinates
        .positions
        .iter()
        .chain(&coordinates.velocities)
        .collect();
    let mut columns: Vec<String> = vec!["method".into(), "step".into(), "t".into()];
    columns.extend(names.iter().map(|n| n.to_string()));
    columns.extend(["energy", "kinetic", "potential"].map(String::from));
    columns.extend(names.iter().map(|n| format!("{truth}_{n}")));
    columns.push(format!("{truth}_energy"));
    columns.push("error".into());
    if setup.scenario.info().truth == crate::Truth::Reference {
        columns.push(format!("{truth}_uncertainty"));
    }
    columns
}

/// The header line, without its newline.
pub fn header(setup: &Setup) -> String {
    columns(setup).join(",")
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

/// One row, with its newline: the state (at the run's precision) against the truth (in f64), the truth's
/// cells left empty where a reference run is not known.
#[allow(clippy::too_many_arguments)]
fn row(
    setup: &Setup,
    trust: Option<&Trust>,
    method: &Method,
    precision: Precision,
    step: u64,
    state: &State<f64>,
    truth: &State<f64>,
    separation: Option<f64>,
    line: &mut String,
) {
    let energy = setup.energy(state);
    let t = step as f64 * setup.dt;
    line.clear();
    let _ = write!(line, "{},{step},{}", method.id(), format::time(t));
    for &q in state.x.iter().chain(&state.v) {
        let _ = write!(line, ",{}", format::value(q, precision));
    }
    for e in [energy.total(), energy.kinetic, energy.potential] {
        let _ = write!(line, ",{}", format::value(e, precision));
    }
    if trust.is_none_or(|t| t.known(step)) {
        for &q in truth.x.iter().chain(&truth.v) {
            let _ = write!(line, ",{}", format::number(q));
        }
        let true_energy = setup.energy(truth).total();
        let _ = write!(
            line,
            ",{},{}",
            format::number(true_energy),
            format::number(position_error(state, truth))
        );
    } else {
        // The reference's coordinates, its energy and the error: all unknown past its horizon.
        for _ in 0..truth.x.len() + truth.v.len() + 2 {
            line.push(',');
        }
    }
    if let Some(trust) = trust {
        let u = trust
            .uncertainty
            .get(step as usize)
            .copied()
            .unwrap_or(f64::NAN);
        let _ = write!(line, ",{}", format::number(u));
    }
    // Empty where the twin has stopped (diverged): there is nothing to measure against.
    match separation {
        Some(d) if d.is_finite() => {
            let _ = write!(line, ",{}", format::number(d));
        }
        Some(_) => line.push(','),
        None => {}
    }
    line.push('\n');
}

#[allow(clippy::too_many_arguments)]
fn write_method<W: Write>(
    setup: &Setup,
    trust: Option<&Trust>,
    nudge: Option<f64>,
    method: &Method,
    precision: Precision,
    stride: Stride,
    out: &mut W,
    on_divergence: &mut dyn FnMut(&Method, f64, Option<String>),
) -> io::Result<()> {
    let mut run = AnyRun::new(setup, method, precision);
    let mut twin = nudge.map(|delta| AnyRun::nudged(setup, method.clone(), precision, delta));
    let mut truth = setup.truth();
    let mut state = setup.initial();
    let mut true_state = state.clone();
    let mut twin_state = state.clone();
    let mut line = String::new();
    let mut emit = |run: &AnyRun, twin: &Option<AnyRun>, out: &mut W| {
        let k = run.steps();
        run.state_into(&mut state);
        truth.at_into(k, &mut true_state);
        let separation = twin
            .as_ref()
            .map(|twin| separation_from(setup, &state, k, twin, &mut twin_state));
        row(
            setup,
            trust,
            method,
            precision,
            k,
            &state,
            &true_state,
            separation,
            &mut line,
        );
        out.write_all(line.as_bytes())
    };
    emit(&run, &twin, out)?;
    while run.steps() < stride.last {
        let stepped = run.step();
        // In step with the run; a twin that diverges stays where it stopped, and measures nothing more.
        if let (true, Some(twin)) = (stepped, &mut twin) {
            twin.step();
        }
        if !stepped {
            if !stride.records(run.steps()) {
                emit(&run, &twin, out)?;
            }
            on_divergence(method, (run.steps() + 1) as f64 * setup.dt, run.failure());
            return Ok(());
        }
        if stride.records(run.steps()) {
            emit(&run, &twin, out)?;
        }
    }
    Ok(())
}

/// Writes the whole table, a row every `every` steps (0 counts as 1). `trust` is [`Trust::of`] the setup
/// (the caller may have it already: it costs a second reference run); `nudge`, a checked nudge for the
/// twins ([`crate::chaos::check_nudge`]). `on_divergence` hears of each method that stopped early: when, and
/// (for a student's rule that failed) why.
#[allow(clippy::too_many_arguments)]
pub fn write<W: Write, M: Clone + Into<Method>>(
    setup: &Setup,
    trust: Option<&Trust>,
    nudge: Option<f64>,
    methods: &[M],
    precision: Precision,
    every: u64,
    out: &mut W,
    on_divergence: &mut dyn FnMut(&Method, f64, Option<String>),
) -> io::Result<()> {
    let stride = Stride::new(every, setup.steps());
    let twins = if nudge.is_some() { ",separation" } else { "" };
    writeln!(out, "{}{twins}", header(setup))?;
    for method in methods {
        let method: Method = method.clone().into();
        write_method(
            setup,
            trust,
            nudge,
            &method,
            precision,
            stride,
            out,
            on_divergence,
        )?;
    }
    Ok(())
}

/// The whole table as a string, for the page's "Export CSV".
pub fn to_string<M: Clone + Into<Method>>(
    setup: &Setup,
    methods: &[M],
    precision: Precision,
    every: u64,
) -> String {
    let methods: Vec<Method> = methods.iter().map(|m| m.clone().into()).collect();
    table(setup, &methods, precision, every, None)
}

/// [`to_string`] with each method's twin, nudged, and the `separation` column.
pub fn to_string_nudged(
    setup: &Setup,
    methods: &[Method],
    precision: Precision,
    every: u64,
    nudge: f64,
) -> String {
    table(setup, methods, precision, every, Some(nudge))
}

/// The body of [`to_string`], made once (a generic body is made again wherever it is called).
#[inline(never)]
fn table(
    setup: &Setup,
    methods: &[Method],
    precision: Precision,
    every: u64,
    nudge: Option<f64>,
) -> String {
    let mut out = Vec::new();
    let trust = Trust::of(setup);
    let Ok(()) = write(
        setup,
        trust.as_ref(),
        nudge,
        methods,
        precision,
        every,
        &mut out,
        &mut |_, _, _| {},
    ) else {
        unreachable!("writing to memory cannot fail")
    };
    String::from_utf8(out).unwrap_or_else(|_| unreachable!("the table is UTF-8"))
}
