//! Random specs at scale through the core's checks and a bounded run, as the CLI and the page read them
//! (`npm run fuzz` runs it; CI runs a short version): no panic, and every refusal is one line.
//!
//! `cargo run --release -p integrator-lab --example fuzz_specs -- COUNT [SEED]` prints the counts and exits
//! non-zero if any spec panicked or was refused with an empty or multi-line message.

use std::collections::BTreeSet;
use std::panic::{catch_unwind, AssertUnwindSafe};

use integrator_lab::format::parse;
use integrator_lab::{scenarios, MethodId, Precision, Run, Setup};

/// SplitMix64: small, and the same sequence on every machine.
struct Dice(u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[self.below(from.len())]
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A number as a person or a URL might write it: NaN, ±inf, subnormals, huge and negative values,
/// fractions, empty strings, words.
fn number(d: &mut Dice) -> String {
    const WORDS: [&str; 16] = [
        "", " ", "NaN", "nan", "inf", "-inf", "Infinity", "1e309", "-1e309", "4.9e-324", "1/0",
        "0/0", "abc", "1,5", "--1", "1/60",
    ];
    match d.below(8) {
        0 => d.pick(&WORDS).to_string(),
        1 => format!("{}", (d.unit() - 0.5) * 1e3),
        2 => format!("{:e}", f64::from_bits(d.next())),
        3 => format!("{}/{}", d.below(200) as i64 - 20, d.below(200) as i64 - 20),
        4 => format!("{}", d.unit() * 10.0),
        5 => format!(
            "{}",
            (d.below(2000) as f64 - 1000.0) * 10f64.powi(d.below(40) as i32 - 20)
        ),
        6 => format!("{}", d.below(5)),
        _ => format!("{}", d.unit()),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20261122);
    let mut d = Dice(seed);
    let ids: Vec<&str> = scenarios::ids();
    let names: Vec<&str> = scenarios::all()
        .iter()
        .flat_map(|s| s.info().params.iter().map(|p| p.name))
        .chain(["", "zeta", "k ", "dt", "M"])
        .collect();
    let methods: Vec<&str> = MethodId::ALL
        .iter()
        .map(|m| m.id())
        .chain(["", "rk5", "EULER", "euler,"])
        .collect();
    let (mut accepted, mut refused, mut panics, mut bad_messages, mut steps) =
        (0u64, 0u64, 0u64, 0u64, 0u64);
    let mut messages = BTreeSet::new();
    // Panics are counted, not printed one by one.
    std::panic::set_hook(Box::new(|_| {}));
    for _ in 0..count {
        let scenario = if d.below(10) == 0 {
            ["", "Spring", "sprung", "spring-chain "][d.below(4)].to_string()
        } else {
            d.pick(&ids).to_string()
        };
        // Two specs in five are plausible (a step and a duration a page would take, parameters near their
        // defaults), so that many runs are stepped; the rest are anything.
        let plausible = d.below(5) < 2;
        let overrides: Vec<(String, String)> = (0..d.below(4))
            .map(|_| {
                let value = if plausible {
                    format!("{}", d.unit() * 10.0)
                } else {
                    number(&mut d)
                };
                (d.pick(&names).to_string(), value)
            })
            .collect();
        let (dt, until) = if plausible {
            (
                Some(format!("{}", 0.001 + d.unit() * 0.2)),
                Some(format!("{}", d.unit() * 5.0)),
            )
        } else {
            (
                (d.below(3) > 0).then(|| number(&mut d)),
                (d.below(3) > 0).then(|| number(&mut d)),
            )
        };
        let method = d.pick(&methods).to_string();
        let precision = ["f64", "f32", "f16", ""][d.below(4)].to_string();
        let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<u64, String> {
            let overrides = overrides
                .iter()
                .map(|(n, v)| Ok((n.clone(), parse(n, v)?)))
                .collect::<Result<Vec<_>, integrator_lab::Error>>()
                .map_err(|e| e.to_string())?;
            let dt = dt
                .as_deref()
                .map(|t| parse("dt", t))
                .transpose()
                .map_err(|e| e.to_string())?;
            let until = until
                .as_deref()
                .map(|t| parse("until", t))
                .transpose()
                .map_err(|e| e.to_string())?;
            let precision = Precision::from_id(&precision).map_err(|e| e.to_string())?;
            let methods = MethodId::parse_list(&method).map_err(|e| e.to_string())?;
            let setup = Setup::new(&scenario, &overrides, dt, until).map_err(|e| e.to_string())?;
            // A bounded run: a few steps of each method, in the precision asked for.
            let mut taken = 0;
            for m in methods {
                let n = setup.steps().min(20);
                taken += match precision {
                    Precision::F64 => Run::<f64>::new(&setup, m).advance(n),
                    _ => Run::<f32>::new(&setup, m).advance(n),
                };
            }
            Ok(taken)
        }));
        match outcome {
            Ok(Ok(n)) => {
                accepted += 1;
                steps += n;
            }
            Ok(Err(message)) => {
                refused += 1;
                if message.trim().is_empty() || message.contains('\n') {
                    bad_messages += 1;
                    eprintln!("a refusal that is not one line: {message:?}");
                }
                // The message's shape, numbers left out: how many kinds of refusal there are.
                let shape: String = message
                    .chars()
                    .filter(|c| !c.is_ascii_digit())
                    .take(40)
                    .collect();
                messages.insert(shape);
            }
            Err(_) => {
                panics += 1;
                if panics <= 5 {
                    eprintln!(
                        "panic on scenario {scenario:?}, {overrides:?}, dt {dt:?}, until {until:?}, methods {method:?}, precision {precision:?}"
                    );
                }
            }
        }
    }
    println!(
        "specs: {count} (seed {seed}); accepted and run: {accepted} ({steps} steps); refused: {refused} with {} kinds of message; panics: {panics}; refusals not one line: {bad_messages}",
        messages.len()
    );
    if panics > 0 || bad_messages > 0 {
        std::process::exit(1);
    }
}
