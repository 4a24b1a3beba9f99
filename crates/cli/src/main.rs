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

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use integrator_lab::analysis::{self, StabilityLimit};
use integrator_lab::run::parse_number;
use integrator_lab::{csv, scenarios, Error, MethodId, Precision, Setup};

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
        /// Print step 0, every N-th step and the last.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        every: u64,
    },
    /// Error at the end of the run against dt, dt/2, dt/4, …, with observed and fitted orders, as CSV.
    Convergence {
        #[command(flatten)]
        common: Common,
        /// How many halvings of dt to run.
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(2..=20))]
        levels: u32,
    },
    /// List the methods and scenarios with their parameters, defaults and ranges.
    List,
    /// Measure the articles' claims that the lab checks (the figures in docs/claims.md).
    Claims,
    /// The guided experiments: permalink, the article's claim and the lab's measurement.
    Experiments {
        /// Only this experiment.
        #[arg(long)]
        id: Option<String>,
    },
}

#[derive(Args)]
struct Common {
    /// Scenario id (see `list`).
    #[arg(long)]
    scenario: String,
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

struct Resolved {
    setup: Setup,
    methods: Vec<MethodId>,
    precision: Precision,
}

impl Common {
    fn resolve(&self) -> Result<Resolved, Error> {
        let overrides = self
            .set
            .iter()
            .map(|pair| {
                let (name, value) = pair.split_once('=').ok_or_else(|| Error::NotANumber {
                    name: "--set".into(),
                    text: format!("{pair} (expected NAME=VALUE)"),
                })?;
                Ok((name.trim().to_string(), parse_number(name.trim(), value)?))
            })
            .collect::<Result<Vec<_>, Error>>()?;
        let number = |name: &str, text: &Option<String>| {
            text.as_deref().map(|t| parse_number(name, t)).transpose()
        };
        let setup = Setup::new(
            &self.scenario,
            &overrides,
            number("dt", &self.dt)?,
            number("until", &self.until)?,
        )?;
        let methods = match &self.method {
            Some(list) => MethodId::parse_list(list)?,
            None => MethodId::ALL.to_vec(),
        };
        Ok(Resolved {
            setup,
            methods,
            precision: Precision::from_id(&self.precision)?,
        })
    }
}

fn run(common: &Common, every: u64) -> Result<(), String> {
    let r = common.resolve().map_err(|e| e.to_string())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    csv::write(
        &r.setup,
        &r.methods,
        r.precision,
        every,
        &mut out,
        &mut |method, t| {
            eprintln!(
                "{}: diverged at t = {t} (state no longer finite)",
                method.id()
            )
        },
    )
    .and_then(|_| out.flush())
    .map_err(|e| e.to_string())
}

fn convergence(common: &Common, levels: u32) -> Result<(), String> {
    let r = common.resolve().map_err(|e| e.to_string())?;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let io = |e: io::Error| e.to_string();
    writeln!(
        out,
        "method,dt,steps,evaluations,error,observed_order,fitted_order"
    )
    .map_err(io)?;
    for &method in &r.methods {
        let points = match r.precision {
            Precision::F32 => analysis::convergence::<f32>(&r.setup, method, levels),
            Precision::F64 => analysis::convergence::<f64>(&r.setup, method, levels),
        }
        .map_err(|e| e.to_string())?;
        let fitted = analysis::fitted_order(&points)
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
                "{},{},{},{},{},{},{}",
                method.id(),
                csv::format_number(p.dt),
                p.steps,
                p.evaluations,
                csv::format_number(p.error),
                observed,
                fitted
            )
            .map_err(io)?;
        }
    }
    out.flush().map_err(io)
}

fn list() -> Result<(), String> {
    let mut out = String::from("Methods (id, name, order, force evaluations a step, symplectic, stable ω·dt measured | theory):\n");
    let limit = |l: StabilityLimit| match l {
        StabilityLimit::None => "none".to_string(),
        StabilityLimit::Below(h) => format!("< {h:.4}"),
        StabilityLimit::Unbounded => "any".to_string(),
    };
    for m in MethodId::ALL {
        let i = m.info();
        out += &format!(
            "  {:<18} {:<32} order {:<6} evals {:<4} {:<13} {} | {}\n",
            i.id,
            i.name,
            i.order.map_or("exact*".to_string(), |o| o.to_string()),
            i.evaluations,
            if i.symplectic {
                "symplectic"
            } else {
                "not symplectic"
            },
            limit(analysis::stability_limit(m)),
            limit(analysis::theoretical_limit(m)),
        );
    }
    out += "  * exact for one constant force or one spring; 2 with several such forces; 1 where a force has no closed form\n\nScenarios:\n";
    for s in scenarios::all() {
        let i = s.info();
        out += &format!(
            "  {:<16} {} (dt {}, until {}; truth: {})\n",
            i.id,
            i.title,
            csv::format_number(i.dt),
            i.until,
            match i.truth {
                integrator_lab::Truth::Exact => "exact",
                integrator_lab::Truth::Reference => "reference run",
            }
        );
        for p in i.params {
            out += &format!(
                "      {:<11} = {:<8} {:<8} {:<18} {}\n",
                p.name,
                p.default,
                p.unit,
                p.range_text(),
                p.description
            );
        }
    }
    print!("{out}");
    Ok(())
}

fn experiments(only: Option<&str>) -> Result<(), String> {
    use integrator_lab::experiments;
    let chosen: Vec<_> = match only {
        Some(id) => vec![experiments::get(id).ok_or_else(|| {
            let known: Vec<&str> = experiments::all().iter().map(|e| e.id).collect();
            format!("unknown experiment '{id}' (known: {})", known.join(", "))
        })?],
        None => experiments::all().iter().collect(),
    };
    for e in chosen {
        println!("{}  [{}]  {}", e.id, e.article, e.title);
        println!("  ?{}", e.query);
        println!("  claim:    \"{}\"", e.claim);
        println!(
            "  measured: {}",
            (e.measure)().map_err(|err| err.to_string())?
        );
    }
    Ok(())
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
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let result = match &cli.command {
        Command::Run { common, every } => run(common, *every),
        Command::Convergence { common, levels } => convergence(common, *levels),
        Command::List => list(),
        Command::Claims => claims::print(),
        Command::Experiments { id } => experiments(id.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
