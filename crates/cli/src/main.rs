//! `integrator-lab`: the lab's runs as CSV tables.
//!
//! ```text
//! integrator-lab run --scenario ID [--method ID[,ID…]] [--dt S] [--until S]
//!                    [--precision f64|f32] [--set NAME=VALUE]… [--every N]
//! integrator-lab convergence --scenario ID [--method ID[,ID…]] [--levels N] …
//! integrator-lab list
//! integrator-lab claims
//! ```
//!
//! Bad input exits with status 2 and one line on stderr that names the problem.

mod claims;
mod worksheet;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use integrator_lab::chaos::{self, Trust};
use integrator_lab::language::{grade, Rule};
use integrator_lab::request::Request;
use integrator_lab::rotation::{self, methods::RotationMethodId, scenarios::RotationSetup};
use integrator_lab::{
    analysis, csv, format, scenarios, Error, Method, MethodId, Precision, Setup, StabilityLimit,
};

#[derive(Parser)]
#[command(
    name = "integrator-lab",
    version,
    about = "Numerical integrators for Newton's equations, side by side, as CSV"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Step methods over a scenario and print every step as CSV.
    Run {
        #[command(flatten)]
        common: Common,
        /// A rule of your own (a file; see `grade`), stepped as the method `yours` after the --method ones
        /// (alone when --method is not given).
        #[arg(long, value_name = "FILE")]
        rule: Option<String>,
        /// Print step 0, every N-th step and the last.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        every: u64,
        /// Run each method twice, the second from the first coordinate + δ (an angle on the pendulums), and
        /// add a last column `separation`: how far apart the two runs are (the lower bobs, in m, on a
        /// pendulum).
        #[arg(long, value_name = "δ", allow_hyphen_values = true)]
        nudge: Option<String>,
    },
    /// The largest error over the run against dt, dt/2, dt/4, …: observed orders, the settled order (or why
    /// there is none) and the order the method states for this scenario, as CSV.
    Convergence {
        #[command(flatten)]
        common: Common,
        /// How many halvings of dt to run.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(2..=20))]
        levels: u32,
    },
    /// List the methods and scenarios with their parameters, defaults and ranges; with a scenario, what
    /// holds for each method there (order and stability on its forces at its dt).
    List {
        /// Only what holds on this scenario.
        #[arg(long)]
        scenario: Option<String>,
        /// With --scenario: its step (default: the article's).
        #[arg(long, value_name = "S", allow_hyphen_values = true)]
        dt: Option<String>,
        /// With --scenario: a parameter, as NAME=VALUE; repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
        set: Vec<String>,
    },
    /// The largest Lyapunov exponent of a scenario's true motion (Benettin: a twin run nudged by 1e-9 on the
    /// first coordinate, renormalised every 0.1 s), the predictability horizon it gives, single twin pairs'
    /// own stretch from nudges of 1e-6 to 1e-12, and the reference run's own horizon; for a motion that is not
    /// chaotic, no exponent and why.
    Lyapunov {
        /// Scenario id (see `list`).
        #[arg(long)]
        scenario: String,
        /// The method that steps the twins (a point mass's; see `list`): one accurate enough to follow the
        /// motion measures the motion's exponent.
        #[arg(long, default_value = "rk4")]
        method: String,
        /// Its step, in s.
        #[arg(long, value_name = "S", default_value = "0.001")]
        dt: String,
        /// A parameter, as NAME=VALUE; repeatable.
        #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
        set: Vec<String>,
        /// Seconds to measure over.
        #[arg(long, value_name = "S", default_value = "1000")]
        until: String,
        /// The tolerance a prediction must keep (in the positions' unit), for the horizons.
        #[arg(long, value_name = "TOL", default_value = "1e-3")]
        tolerance: String,
    },
    /// Measure the articles' claims that the lab checks (the figures in docs/claims.md).
    Claims,
    /// The guided experiments: permalink, the article's claim and the lab's measurement.
    Experiments {
        /// Only this experiment.
        #[arg(long)]
        id: Option<String>,
    },
    /// The report card of a method, a rule of your own or one of the lab's: measured order on the spring and
    /// under drag, largest stable ω·dt, energy over 100 periods, force evaluations a step, phase-space area,
    /// which of the lab's methods it equals, and the mistake a wrong rule's numbers point to.
    Grade {
        /// A rule of your own, in a file: x, v (vectors), t, dt and a(x, v, t); see docs/your-method.md.
        #[arg(
            long,
            value_name = "FILE",
            conflicts_with = "method",
            required_unless_present = "method"
        )]
        rule: Option<String>,
        /// One of the lab's methods.
        #[arg(long, value_name = "ID")]
        method: Option<String>,
        /// Also measure the order on this scenario (at its article's settings).
        #[arg(long, value_name = "ID")]
        scenario: Option<String>,
    },
    /// A worksheet: each task with its correct answer as the core computes it; with --answers, a student's
    /// answers graded, one line a task, then the score.
    Worksheet {
        /// A worksheet file (TOML, see docs/worksheets.md), or a built-in worksheet's id.
        file: String,
        /// The student whose randomised parameters to use (a hand-in code carries its own).
        #[arg(long, default_value = "")]
        name: String,
        /// An answers file (TOML: name, answers = [...]) or a hand-in code, to grade.
        #[arg(long, value_name = "FILE_OR_CODE")]
        answers: Option<String>,
        /// Writes the worksheet as a SCORM package (a zip an LMS imports as an activity) to this file, from
        /// the built site in --site.
        #[arg(long, value_name = "OUT.zip", conflicts_with = "answers")]
        scorm: Option<String>,
        /// The package's SCORM version: 1.2 or 2004.
        #[arg(
            long,
            value_name = "VERSION",
            default_value = "2004",
            requires = "scorm"
        )]
        scorm_version: String,
        /// The built site the package's files come from (`npm run build` writes it; the binary holds none).
        #[arg(
            long,
            value_name = "DIR",
            default_value = "www/dist",
            requires = "scorm"
        )]
        site: String,
    },
}

#[derive(Args)]
struct Common {
    /// Scenario id (see `list`).
    #[arg(long, required_unless_present = "force")]
    scenario: Option<String>,
    /// A force of your own (a file: its parameters, start, acceleration and optional potential; see
    /// docs/teaching.md), as the scenario `custom`.
    #[arg(long, value_name = "FILE")]
    force: Option<String>,
    /// Comma-separated method ids, in the order to print them. Default: all.
    #[arg(long, value_name = "ID[,ID…]")]
    method: Option<String>,
    /// Time step in seconds (a decimal or a fraction such as 1/60). Default: the article's.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    dt: Option<String>,
    /// Duration in seconds. Default: the article's.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    until: Option<String>,
    /// Arithmetic the state is stepped in.
    #[arg(long, default_value = "f64", value_name = "f64|f32")]
    precision: String,
    /// Set a scenario parameter, as NAME=VALUE; repeatable.
    #[arg(long = "set", value_name = "NAME=VALUE", allow_hyphen_values = true)]
    set: Vec<String>,
}

/// Reads `--set NAME=VALUE`.
fn parse_set(pair: &str) -> Result<(String, f64), Error> {
    let (name, value) = pair.split_once('=').ok_or_else(|| Error::NotANumber {
        name: "--set".into(),
        text: format!("{pair} (expected NAME=VALUE)"),
    })?;
    Ok((name.trim().to_string(), format::parse(name.trim(), value)?))
}

/// Why a command stopped: bad input (a one-line message, exit status 2) or an output that could not be
/// written (a closed pipe, as in `integrator-lab experiments | head`, ends the command quietly).
enum Failure {
    Input(String),
    Output(io::Error),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Input(e.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

type Outcome = Result<(), Failure>;

/// Standard output, buffered.
fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

struct Resolved {
    setup: Setup,
    methods: Vec<MethodId>,
    precision: Precision,
}

impl Common {
    /// The `--set NAME=VALUE` overrides.
    fn overrides(&self) -> Result<Vec<(String, f64)>, Error> {
        self.set.iter().map(|pair| parse_set(pair)).collect()
    }

    /// `--dt` and `--until`, read as numbers (fractions allowed), where given.
    fn seconds(&self) -> Result<(Option<f64>, Option<f64>), Error> {
        let number = |name: &str, text: &Option<String>| {
            text.as_deref().map(|t| format::parse(name, t)).transpose()
        };
        Ok((number("dt", &self.dt)?, number("until", &self.until)?))
    }

    /// The arguments as a run request, resolved by the core as the page's spec is.
    fn resolve(&self) -> Result<Resolved, Error> {
        let params = self.overrides()?;
        let (dt, until) = self.seconds()?;
        let force = self
            .force
            .as_deref()
            .map(|file| {
                std::fs::read_to_string(file)
                    .map_err(|e| Error::Rule(format!("your force: {file}: {e}")))
            })
            .transpose()?;
        let methods = match &self.method {
            Some(list) => Some(
                MethodId::parse_list(list)?
                    .iter()
                    .map(|m| m.id().to_string())
                    .collect(),
            ),
            None => None,
        };
        let r = Request {
            scenario: self.scenario.clone(),
            params,
            methods,
            dt,
            until,
            precision: Some(self.precision.clone()),
            force,
            ..Request::default()
        }
        .resolve()?;
        Ok(Resolved {
            methods: r.runs.iter().filter_map(|(m, _)| m.builtin()).collect(),
            setup: r.setup,
            precision: r.precision,
        })
    }
}

/// A rule from its file, compiled; its mistakes are one line naming the file, line and column.
fn rule(file: &str) -> Result<Method, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    let rule = Rule::compile(&text).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    Ok(Method::Rule(std::sync::Arc::new(rule)))
}

fn grade(file: Option<&str>, method: Option<&str>, scenario: Option<&str>) -> Outcome {
    let method = match (file, method) {
        (Some(file), _) => rule(file)?,
        (None, Some(id)) => MethodId::from_id(id)?.into(),
        (None, None) => return Err(Failure::Input("give --rule FILE or --method ID".into())),
    };
    let card = grade::report(method, scenario)?;
    let mut out = stdout();
    for line in card.lines() {
        writeln!(out, "{line}")?;
    }
    Ok(out.flush()?)
}

/// Where the scenario is a spinning body: its setup and methods (the rotation family's), with what does not
/// apply to it refused by name.
fn spinning(common: &Common) -> Result<Option<(RotationSetup, Vec<RotationMethodId>)>, Failure> {
    let (dt, until) = common.seconds()?;
    let request = Request {
        scenario: common.scenario.clone(),
        params: common.overrides()?,
        methods: common
            .method
            .as_ref()
            .map(|list| list.split(',').map(str::to_string).collect()),
        dt,
        until,
        precision: Some(common.precision.clone()),
        // Only whether there is one matters: a force does not apply to a spinning body.
        force: common.force.clone(),
        ..Request::default()
    };
    let spinning = request.spinning().transpose()?;
    Ok(spinning.map(|s| (s.setup, s.methods)))
}

/// `run` on a spinning body: the rotation family's table (see `rotation::csv`).
fn run_spinning(
    setup: &RotationSetup,
    methods: &[RotationMethodId],
    every: u64,
    nudge: Option<f64>,
) -> Outcome {
    if let Some(step) = setup.truth().reference_step() {
        say(&format!(
            "note: the reference_ columns come from a reference run (RK4 at h = {} s)",
            format::number(step)
        ));
    }
    if let Some(delta) = nudge {
        say(&format!(
            "note: each method also ran from omega_1 + {delta:e}; the separation column is the angle between \
             the two attitudes, in rad"
        ));
    }
    let mut out = stdout();
    rotation::csv::write(setup, methods, nudge, every, &mut out, &mut |method, t| {
        say(&format!(
            "{}: {}",
            method.id(),
            format::ending(&format::time(t), None)
        ))
    })?;
    Ok(out.flush()?)
}

fn run(common: &Common, every: u64, with: Option<&str>, nudge: Option<&str>) -> Outcome {
    if let Some((setup, methods)) = spinning(common)? {
        if with.is_some() {
            return Err(Failure::Input(
                "your method (--rule) steps positions and velocities: it does not apply to a spinning body"
                    .into(),
            ));
        }
        let nudge = nudge
            .map(|text| format::parse("nudge", text).and_then(chaos::check_nudge))
            .transpose()?;
        return run_spinning(&setup, &methods, every, nudge);
    }
    let r = common.resolve()?;
    let nudge = nudge
        .map(|text| format::parse("nudge", text).and_then(chaos::check_nudge))
        .transpose()?;
    if let Some(delta) = nudge {
        say(&format!(
            "note: each method also ran from {} + {delta:e}; the separation column is {}",
            r.setup.coordinates().positions[0],
            chaos::separation_words(&r.setup)
        ));
    }
    let mut methods: Vec<Method> = match (with, &common.method) {
        (Some(_), None) => Vec::new(),
        _ => r.methods.iter().map(|&m| m.into()).collect(),
    };
    if let Some(file) = with {
        if r.precision != Precision::F64 {
            return Err(Failure::Input(
                "a rule runs in f64: drop --precision f32".into(),
            ));
        }
        methods.push(rule(file)?);
    }
    // Where the truth is a reference run, say how far it can be trusted: past its horizon the reference
    // columns, and the errors against them, are not known to the tolerance, and are left empty.
    let trust = Trust::of(&r.setup);
    if let Some(trust) = &trust {
        say(&format!(
            "note: {}; {}",
            trust.note(r.setup.dt),
            if trust.horizon.is_some() {
                "those cells are empty, and the reference_uncertainty column says how far each row's \
                 reference can be trusted"
            } else {
                "the reference_uncertainty column gives it row by row"
            }
        ));
    }
    let mut out = stdout();
    csv::write(
        &r.setup,
        trust.as_ref(),
        nudge,
        &methods,
        r.precision,
        every,
        &mut out,
        &mut |method, t, why| {
            say(&format!(
                "{}: {}",
                method.id(),
                format::ending(&format::time(t), why.as_deref())
            ))
        },
    )?;
    Ok(out.flush()?)
}

fn convergence(common: &Common, levels: u32) -> Outcome {
    if let Some((setup, methods)) = spinning(common)? {
        return convergence_spinning(&setup, &methods, levels);
    }
    let r = common.resolve()?;
    // Against a reference run, only as far as the reference is known.
    let (setup, horizon) = analysis::trusted(&r.setup)?;
    if let Some(h) = horizon {
        say(&format!("note: {}", analysis::horizon_note(h)));
    }
    let mut out = stdout();
    writeln!(
        out,
        "method,dt,steps,evaluations,error,observed_order,fitted_order,verdict,stated"
    )?;
    let class = r.setup.class();
    for &method in &r.methods {
        let points = analysis::convergence(&setup, method, r.precision, levels)?;
        let stated = (method.info().order_on)(&class).text();
        convergence_row(&mut out, method.id(), &points, &stated)?;
    }
    Ok(out.flush()?)
}

/// One line of a convergence table.
fn convergence_row(
    out: &mut impl Write,
    id: &str,
    points: &[analysis::Measurement],
    stated: &str,
) -> io::Result<()> {
    let verdict = analysis::verdict(points);
    let fitted = verdict
        .order()
        .map(|p| format!("{p:.4}"))
        .unwrap_or_default();
    for (i, p) in points.iter().enumerate() {
        let observed = if i == 0 {
            String::new()
        } else {
            format!("{:.4}", analysis::observed_order(&points[i - 1], p))
        };
        writeln!(
            out,
            "{id},{},{},{},{},{observed},{fitted},{},{stated}",
            format::number(p.dt),
            p.steps,
            p.evaluations,
            format::number(p.error),
            verdict.text(),
        )?;
    }
    Ok(())
}

/// `convergence` on a spinning body: the largest attitude error over the run, in rad.
fn convergence_spinning(
    setup: &RotationSetup,
    methods: &[RotationMethodId],
    levels: u32,
) -> Outcome {
    let mut out = stdout();
    writeln!(
        out,
        "method,dt,steps,evaluations,error,observed_order,fitted_order,verdict,stated"
    )?;
    for &method in methods {
        let points = rotation::study::convergence(setup, method, levels)?;
        convergence_row(&mut out, method.id(), &points, &method.info().stated())?;
    }
    Ok(out.flush()?)
}

fn list() -> Outcome {
    let mut out = stdout();
    writeln!(
        out,
        "Methods (id, name, order, force evaluations a step, symplectic; stable while ω·dt < the limit, measured | theory; none: never, any: always):"
    )?;
    for m in MethodId::ALL {
        let i = m.info();
        writeln!(
            out,
            "  {:<18} {:<32} order {:<6} evals {:<4} {:<14} {} | {}",
            i.id,
            i.name,
            i.order.map_or("exact*".to_string(), |o| o.to_string()),
            i.evaluations,
            symplectic(i.symplectic),
            analysis::stability_limit(m).text(),
            i.stability.text(),
        )?;
    }
    writeln!(
        out,
        "  * exact for one force; 2 with several position-only ones; 1 with drag among several, or where a force has no closed form\n  Orders and limits hold where stated: list --scenario ID gives what holds on each scenario.\n\nScenarios:"
    )?;
    for s in scenarios::all() {
        let i = s.info();
        writeln!(
            out,
            "  {:<16} {} (dt {}, until {}; truth: {}; from {})",
            i.id,
            i.title,
            format::number(i.dt),
            format::number(i.until),
            i.truth.label(),
            i.source()
        )?;
        list_params(&mut out, i.params)?;
    }
    writeln!(
        out,
        "\nSpinning bodies: a family of their own (state: attitude q and body-frame ω), with methods of their own; \
         an id resolves within the scenario's family. --rule, --force and f32 do not apply to them.\n\n\
         Rotation methods (id, name, order, torque evaluations a step, symplectic):"
    )?;
    for m in RotationMethodId::ALL {
        let i = m.info();
        writeln!(
            out,
            "  {:<18} {:<38} order {:<6} evals {:<4} {:<14} {}",
            i.id,
            i.name,
            i.order.map_or("none".to_string(), |o| o.to_string()),
            i.evaluations,
            symplectic(i.symplectic),
            i.behaviour
        )?;
    }
    writeln!(out, "\nSpinning-body scenarios:")?;
    for i in rotation::scenarios::all() {
        writeln!(
            out,
            "  {:<16} {} (dt {}, until {}; truth: {})",
            i.id,
            i.title,
            format::number(i.dt),
            format::number(i.until),
            match i.truth {
                rotation::scenarios::RotationTruth::Exact => "exact",
                rotation::scenarios::RotationTruth::ExactOmega => "exact ω, reference attitude",
                rotation::scenarios::RotationTruth::Reference => "reference",
            }
        )?;
        list_params(&mut out, i.params)?;
    }
    Ok(out.flush()?)
}

/// A scenario's parameters, one a line: name, default, unit, range, what it is.
fn list_params(out: &mut impl Write, params: &[integrator_lab::Param]) -> io::Result<()> {
    for p in params {
        writeln!(
            out,
            "      {:<11} = {:<8} {:<8} {:<18} {}",
            p.name,
            format::number(p.default),
            p.unit,
            p.range_text(),
            p.description
        )?;
    }
    Ok(())
}

/// Whether a method is symplectic, as `list` says it.
fn symplectic(yes: bool) -> &'static str {
    if yes {
        "symplectic"
    } else {
        "not symplectic"
    }
}

fn lyapunov(
    scenario: &str,
    method: &str,
    dt: &str,
    set: &[String],
    until: &str,
    tolerance: &str,
) -> Outcome {
    let overrides = set
        .iter()
        .map(|pair| parse_set(pair))
        .collect::<Result<Vec<_>, Error>>()?;
    let until = format::parse("until", until)?;
    let tolerance = format::parse("tolerance", tolerance)?;
    if !(tolerance > 0.0 && tolerance.is_finite()) {
        return Err(Failure::Input("tolerance must be a positive number".into()));
    }
    let h = format::parse("dt", dt)?;
    let method = MethodId::from_id(method)?;
    let setup = Setup::new(scenario, &overrides, None, None)?;
    let (every, delta) = (0.1, 1e-9);
    let measured = chaos::lyapunov_with(&setup, method, until, every, delta, h)?;
    let mut out = stdout();
    writeln!(
        out,
        "{}: Benettin over {} s ({} at h = {h} s, a nudge of {delta:e} on {}, renormalised every {every} s)",
        setup.scenario.info().title,
        format::number(measured.span),
        method.info().name,
        setup.coordinates().positions[0]
    )?;
    if measured.exponent < chaos::CHAOTIC {
        writeln!(
            out,
            "no exponent: a nudge grows at most like a power of time here (its mean rate over {} s is {} /s, \
             below the {} /s of chaos; linear growth alone gives about ln(T)/T): not chaotic, no horizon",
            format::number(measured.span),
            format::significant(measured.exponent, 3),
            chaos::CHAOTIC
        )?;
        return Ok(out.flush()?);
    }
    let lambda = measured.exponent;
    writeln!(
        out,
        "largest Lyapunov exponent: {} /s",
        format::significant(lambda, 4)
    )?;
    writeln!(
        out,
        "(one start's estimate over {} s: round-off alone, or another method that follows the motion, moves \
         such an estimate by a few per cent)",
        format::number(measured.span)
    )?;
    writeln!(
        out,
        "each digit of the start is worth ln(10)/λ = {} s of prediction",
        format::significant(std::f64::consts::LN_10 / lambda, 3)
    )?;
    let unit = setup.scenario.info().position_unit;
    let mut fits = Vec::new();
    for digits in 6..=12 {
        let nudge = 10f64.powi(-digits);
        let parted = chaos::parting_time(&setup, nudge, tolerance, h, until)
            .map(|t| format!("{} s", format::significant(t, 3)))
            .unwrap_or_else(|| format!("not within {} s", format::number(until)));
        let fit = chaos::pair_stretch(&setup, nudge, h, every, until.min(60.0));
        if let Some(fit) = fit {
            fits.push(fit);
        }
        writeln!(
            out,
            "from a nudge of {nudge:e} {unit}: ln(tolerance/nudge)/λ = {} s at the long-run rate; this start's \
             twin parts by {tolerance:e} {unit} at {parted}; its own stretch {} /s",
            format::significant((tolerance / nudge).ln() / lambda, 3),
            fit.map_or("(too few samples)".to_string(), |f| format::significant(f, 3))
        )?;
    }
    if let (Some(low), Some(high)) = (
        fits.iter().copied().reduce(f64::min),
        fits.iter().copied().reduce(f64::max),
    ) {
        let mean = fits.iter().sum::<f64>() / fits.len() as f64;
        writeln!(
            out,
            "single pairs' stretch: {} to {} /s, ±{} % about their mean {} /s (finite-time exponents scatter; the \
             long-run λ is the mean over {} s)",
            format::significant(low, 3),
            format::significant(high, 3),
            format::significant(50.0 * (high - low) / mean, 2),
            format::significant(mean, 3),
            format::number(measured.span)
        )?;
    }
    // The reference's own horizon, where the lab's truth is a reference run.
    let horizon_setup = Setup::new(scenario, &overrides, None, Some(until.min(100.0)))?;
    if let Some(u) = chaos::reference_uncertainty(&horizon_setup) {
        match chaos::horizon(&horizon_setup, &u, tolerance) {
            Some(t) => writeln!(
                out,
                "the lab's reference run (RK4 at {} s) is good to {tolerance:e} {unit} until about t = {} s, where \
                 a reference at half its step parts from it",
                integrator_lab::run::REFERENCE_STEP,
                format::significant(t, 3)
            )?,
            None => writeln!(
                out,
                "the lab's reference run stays within {tolerance:e} {unit} of one at half its step over the \
                 first {} s",
                format::number(horizon_setup.until)
            )?,
        }
    }
    Ok(out.flush()?)
}

fn list_on(scenario: &str, dt: Option<&str>, set: &[String]) -> Outcome {
    let overrides = set
        .iter()
        .map(|pair| parse_set(pair))
        .collect::<Result<Vec<_>, Error>>()?;
    let dt = dt.map(|t| format::parse("dt", t)).transpose()?;
    let setup = Setup::new(scenario, &overrides, dt, None)?;
    let info = setup.scenario.info();
    let class = setup.class();
    let mut out = stdout();
    writeln!(
        out,
        "{} at dt = {} s: {}.",
        info.title,
        format::time(setup.dt),
        class.describe()
    )?;
    let omega = setup.omega();
    match (info.oscillator, omega) {
        (Some(o), Some(w)) if o.small_swings => writeln!(
            out,
            "Stability: the largest stable ω·dt of small swings, measured on this scenario as an oscillator \
             (ω = 1), and the dt it allows here (ω = {} rad/s). Past one, a wider swing may stay bounded or \
             run away: the run shows which.",
            format::significant(w, 4)
        )?,
        (Some(_), Some(w)) => writeln!(
            out,
            "Stability: the largest stable ω·dt, measured on this scenario as an oscillator (ω = 1), and the \
             dt it allows here (ω = {} rad/s).",
            format::significant(w, 4)
        )?,
        (None, Some(w)) => writeln!(
            out,
            "Stability: coupled oscillators; the fastest mode (ω = {} rad/s) sets each method's step: its \
             largest stable ω·dt on one spring, and the dt it allows here. The kinematic integrators take each \
             spring on its own: no limit is stated for them.",
            format::significant(w, 4)
        )?,
        _ => writeln!(out, "Stability: not an oscillator, so no ω·dt limit to state.")?,
    }
    writeln!(out, "method,order_here,stable_omega_dt_here,stable_dt_here")?;
    for f in analysis::facts_on(&setup) {
        let step = match (f.stability, omega) {
            (Some(StabilityLimit::Below(h)), Some(w)) => format::significant(h / w, 4),
            (Some(StabilityLimit::None), Some(_)) => "none".into(),
            (Some(StabilityLimit::Unbounded), Some(_)) => "any".into(),
            _ => "-".into(),
        };
        writeln!(
            out,
            "{},{},{},{step}",
            f.method.id(),
            f.order.text(),
            f.stability.map(|l| l.text()).unwrap_or_else(|| "-".into())
        )?;
    }
    Ok(out.flush()?)
}

fn experiments(only: Option<&str>) -> Outcome {
    use integrator_lab::experiments;
    let chosen: Vec<_> = match only {
        Some(id) => vec![experiments::get(id).ok_or_else(|| {
            let known: Vec<&str> = experiments::all().iter().map(|e| e.id).collect();
            Failure::Input(format!(
                "unknown experiment '{id}' (known: {})",
                known.join(", ")
            ))
        })?],
        None => experiments::all().iter().collect(),
    };
    let mut out = stdout();
    for e in chosen {
        writeln!(out, "{}  [{}]  {}", e.id, e.article.citation(), e.title)?;
        writeln!(out, "  ?{}", e.query)?;
        writeln!(out, "  claim:    \"{}\"", e.claim)?;
        writeln!(out, "  measured: {}", e.measure()?)?;
        // Each measurement takes a while: show it as soon as it is made.
        out.flush()?;
    }
    Ok(())
}

/// One line on standard error. Unlike `eprintln!`, it does not panic where standard error cannot be written
/// (a full disk): the exit status still says what happened.
fn say(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                let _ = e.print();
                return ExitCode::from(2);
            }
            // clap's first line names the problem (with what it lists on the next line when it ends in a
            // colon); the usage lines after it are noise here.
            let text = e.render().to_string();
            let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
            let mut message = lines.next().unwrap_or("error: bad arguments").to_string();
            if message.ends_with(':') {
                message = format!("{message} {}", lines.next().unwrap_or_default());
            }
            say(&message);
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Run {
            common,
            every,
            rule,
            nudge,
        } => run(common, *every, rule.as_deref(), nudge.as_deref()),
        Command::Grade {
            rule,
            method,
            scenario,
        } => grade(rule.as_deref(), method.as_deref(), scenario.as_deref()),
        Command::Convergence { common, levels } => convergence(common, *levels),
        Command::List { scenario: None, .. } => list(),
        Command::List {
            scenario: Some(id),
            dt,
            set,
        } => list_on(id, dt.as_deref(), set),
        Command::Lyapunov {
            scenario,
            method,
            dt,
            set,
            until,
            tolerance,
        } => lyapunov(scenario, method, dt, set, until, tolerance),
        Command::Claims => claims::print(&mut stdout()),
        Command::Experiments { id } => experiments(id.as_deref()),
        Command::Worksheet {
            file,
            scorm: Some(out),
            scorm_version,
            site,
            ..
        } => worksheet::package(file, scorm_version, site, out),
        Command::Worksheet {
            file,
            name,
            answers,
            ..
        } => worksheet::run(file, name, answers.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            say(&format!("error: cannot write the output: {e}"));
            ExitCode::from(1)
        }
        Err(Failure::Input(message)) => {
            say(&format!("error: {message}"));
            ExitCode::from(2)
        }
    }
}
