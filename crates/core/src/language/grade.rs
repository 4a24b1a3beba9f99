//! The report card of a method, a student's rule or one of the lab's: what its numbers say it is. Its
//! measured order (on the spring and under drag), its largest stable ω·dt on the spring, its energy over 100
//! periods, its force evaluations a step, whether its one-step map keeps phase-space area, which of the
//! lab's methods it equals to round-off, and, for a rule that is none of them, the mistake its numbers
//! point to.

use std::sync::Arc;

use super::Rule;
use crate::analysis::{self, OrderVerdict};
use crate::{Error, Method, MethodId, Precision, Run, Setup, StabilityLimit};

/// A known wrong rule and the mistake behind it: a rule that equals one of these to round-off made it.
const MISTAKES: [(&str, &str); 10] = [
    (
        "let a0 = a(x, v, t);\nx = x + v * dt + 0.5 * a0 * dt * dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a0 + a1) * dt;",
        "the kick adds the old and the new acceleration without halving their sum: velocity Verlet's kick is their average",
    ),
    (
        "x = x + v * dt + 0.5 * a(x, v, t) * dt * dt;\nlet a1 = a(x, v, t);\nv = v + 0.5 * (a1 + a1) * dt;",
        "the velocity update used a(x) after x moved, twice: velocity Verlet's kick is the average of the acceleration before and after the move",
    ),
    (
        "let a0 = a(x, v, t);\nx = x + v * dt + 0.5 * a0 * dt * dt;\nv = v + a0 * dt;",
        "the velocity moved with the old acceleration only: velocity Verlet's kick averages the acceleration before and after the move (as it is, the velocity is explicit Euler's)",
    ),
    (
        "let xm = x + v * dt / 2;\nlet vm = v + a(x, v, t) * dt / 2;\nx = x + v * dt;\nv = v + a(xm, vm, t + dt / 2) * dt;",
        "x moved with the old velocity, not the midpoint's: midpoint steps both x and v with the slopes at the middle of the step",
    ),
    (
        "x = x + v * dt;\nv = v + a(x, v, t) * dt;\nx = x + v * dt;",
        "x moved twice a step: each update of the state belongs once to each step",
    ),
    (
        "v = v + a(x, v, t) * dt;\nx = x + v * dt * dt;",
        "the position update has dt twice: x moves by v·dt",
    ),
    (
        "v = v - a(x, v, t) * dt;\nx = x + v * dt;",
        "the velocity moves against the acceleration (v − a·dt): the spring then pushes the mass away and the \
         motion grows without bound; v changes by +a·dt",
    ),
    (
        "let a0 = a(x, v, t);\nx = x + v * dt;\nv = v - a0 * dt;",
        "the velocity moves against the acceleration (v − a·dt): the spring then pushes the mass away and the \
         motion grows without bound; v changes by +a·dt",
    ),
    (
        "let a0 = a(x, v, t);\nx = x + v * dt + a0 * dt * dt;\nlet a1 = a(x, v + a0 * dt, t + dt);\nv = v + (a0 + a1) * (0.5 * dt);",
        "the move adds a·dt², not ½·a·dt²: velocity Verlet moves x by v·dt + ½·a·dt²",
    ),
    (
        "let a0 = a(x, v, t);\nx = x + v * dt + a0 * dt * dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a0 + a1) * (0.5 * dt);",
        "the move adds a·dt², not ½·a·dt²: velocity Verlet moves x by v·dt + ½·a·dt²",
    ),
];

/// Rules that are none of the lab's methods but a known one all the same.
const VARIANTS: [(&str, &str); 2] = [
    (
        "x = x + v * dt;\nv = v + a(x, v, t) * dt;",
        "symplectic Euler the other way round (x first, then v with a at the new x): first order and symplectic, as the lab's",
    ),
    (
        "let w = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0));\nlet c = [w / 2.0, (1.0 - w) / 2.0, (1.0 - w) / 2.0, w / 2.0];\nlet d = [w, 1.0 - 2.0 * w, w];\nlet s = t;\nlet i = 0;\nwhile i < 3 {\n  x = x + v * (c[i] * dt);\n  s = s + c[i] * dt;\n  v = v + a(x, v, s) * (d[i] * dt);\n  i = i + 1;\n}\nx = x + v * (c[3] * dt);\n",
        "Forest–Ruth, the drift-first form of the paper (x moves first): fourth order and symplectic where the \
         forces read only the position (first order under drag, where the lab's keeps fourth), with the same \
         stability limit (1.5734) as the lab's, which kicks first (velocity-Verlet substeps); a different method",
    ),
];

/// What a rule is where it equals one of the lab's methods wherever the forces read only the position, but
/// not where one reads the velocity: the method, in another form, and what the velocity it hands to
/// a(x, v, t) costs it (the measured order under drag).
fn form_of(m: MethodId, drag: Option<f64>) -> String {
    let order = drag.map_or(String::new(), |p| format!(" (order {p:.2} under drag)"));
    match m {
        MethodId::VelocityVerlet => format!(
            "velocity Verlet, the textbook form: where a force reads the velocity it hands a(x, v, t) another \
             velocity than the lab's, which passes the estimate v + a·dt{order}; on forces of the position \
             alone it is velocity Verlet, step for step"
        ),
        _ => format!(
            "{}, in another form: the same on forces of the position alone, but where a force reads the \
             velocity it hands a(x, v, t) another velocity than the lab's{order}",
            m.info().name
        ),
    }
}

/// What the rule's numbers are.
#[derive(Clone, Debug, PartialEq)]
pub struct ReportCard {
    /// Measured orders: (where, what the study says).
    pub orders: Vec<(String, OrderVerdict)>,
    /// The order observed between the two finest levels of each study (what an unsettled study shows).
    pub observed: Vec<f64>,
    /// The largest stable ω·dt on the undamped spring.
    pub stability: StabilityLimit,
    /// The energy over 100 periods of the spring at ω·dt = 0.1, in words, and its relative change.
    pub energy: (String, f64),
    /// Force evaluations a step (over the first 100 steps on the spring).
    pub evaluations: f64,
    /// The determinant of the one-step map on the spring at ω·dt = 0.5 (1 where it keeps phase-space area).
    pub area: f64,
    /// The lab's method it equals to round-off, if any (another one, for one of the lab's).
    pub equals: Option<MethodId>,
    /// Whether the card is of one of the lab's methods (rather than a rule).
    pub builtin: bool,
    /// A known method it is, that the lab does not offer (symplectic Euler with x first).
    pub known: Option<String>,
    /// The mistake its numbers point to, for a rule that is none of the lab's methods.
    pub mistake: Option<String>,
    /// What a right rule is, and what to change where the student meant another method (explicit Euler's).
    pub hint: Option<String>,
}

/// The spring with ω = 1, so that dt is ω·dt, started moving (x0 = 1, v0 = 0.5: a rule that never changes
/// v, or never x, shows on it).
fn unit_spring(dt: f64, until: f64) -> Setup {
    let overrides = [
        ("k".to_string(), 1.0),
        ("m".to_string(), 1.0),
        ("x0".to_string(), 1.0),
        ("v0".to_string(), 0.5),
    ];
    Setup::new("spring", &overrides, Some(dt), Some(until)).expect("the unit spring")
}

/// Whether two methods step a setup the same way to round-off (relative 1e-10 of the state's size).
fn same(setup: &Setup, a: &Method, b: &Method) -> bool {
    let (mut p, mut q) = (Run::<f64>::new(setup, a), Run::<f64>::new(setup, b));
    for _ in 0..setup.steps() {
        if p.step() != q.step() {
            return false;
        }
        let (s, r) = (p.state(), q.state());
        let size =
            s.x.iter()
                .chain(&s.v)
                .fold(1e-300f64, |m, z| m.max(z.abs()));
        let off =
            s.x.iter()
                .zip(&r.x)
                .chain(s.v.iter().zip(&r.v))
                .fold(0.0f64, |m, (y, z)| m.max((y - z).abs()));
        // NaN (a state gone bad on one side only) counts as different.
        if off.is_nan() || off > 1e-10 * size {
            return false;
        }
    }
    true
}

/// Where the comparisons run: a spring (position-only, linear), drag (velocity-dependent) and a pendulum
/// (nonlinear), short runs at steps where the methods differ.
fn probes() -> Vec<Setup> {
    vec![
        unit_spring(0.3, 6.0),
        Setup::new("drag", &[], Some(0.1), Some(3.0)).expect("drag"),
        Setup::new("pendulum", &[], Some(0.05), Some(2.0)).expect("the pendulum"),
    ]
}

/// The lab's method a method equals to round-off on every probe, if any.
fn equal_to(method: &Method) -> Option<MethodId> {
    equal_on(method, &probes())
}

/// The lab's method a method equals to round-off on each of `probes`, if any.
fn equal_on(method: &Method, probes: &[Setup]) -> Option<MethodId> {
    MethodId::ALL
        .into_iter()
        .find(|&m| Some(m) != method.builtin() && probes.iter().all(|s| same(s, method, &m.into())))
}

/// Where a rule stopped with a message of its own (an index out of range, an endless loop) on a probe: the
/// probe's scenario, the time, and the message with its line and column.
fn stopped(method: &Method) -> Option<String> {
    probes().iter().find_map(|setup| {
        let mut run = Run::<f64>::new(setup, method);
        while run.steps() < setup.steps() && run.step() {}
        run.failure().map(|why| {
            format!(
                "it stopped on the {} probe at t = {} s: {why}",
                setup.scenario.info().id,
                crate::format::significant(run.t(), 4)
            )
        })
    })
}

/// Whether a step leaves v or x as it was (on the spring started moving): a rule that forgot an update.
fn frozen(method: &Method) -> Option<&'static str> {
    let setup = unit_spring(0.1, 1.0);
    let start = setup.initial();
    let mut run = Run::<f64>::new(&setup, method);
    if !run.step() {
        return None;
    }
    let after = run.state();
    if after.v == start.v {
        Some("v never changes: a step must move v by a·dt (a rule that keeps v as it was looks like perfect energy conservation from rest, and is no integrator)")
    } else if after.x == start.x {
        Some("x never changes: a step must move x by v·dt")
    } else {
        None
    }
}

/// The report card of a method.
pub fn report(method: impl Into<Method>, scenario: Option<&str>) -> Result<ReportCard, Error> {
    let method: Method = method.into();
    let mut orders = Vec::new();
    let mut studied: Vec<(String, Setup)> = vec![
        (
            "spring".into(),
            Setup::new("spring", &[], Some(0.01), Some(1.0))?,
        ),
        (
            "drag".into(),
            Setup::new("drag", &[], Some(0.1), Some(2.0))?,
        ),
    ];
    if let Some(id) = scenario {
        if !["spring", "drag"].contains(&id) {
            studied.push((id.to_string(), Setup::defaults(id)?));
        }
    }
    let mut observed = Vec::new();
    for (name, setup) in studied {
        let points = analysis::convergence(&setup, &method, Precision::F64, 5)?;
        orders.push((name, analysis::verdict(&points)));
        observed.push(match points.as_slice() {
            [.., coarse, fine] => analysis::observed_order(coarse, fine),
            _ => f64::NAN,
        });
    }
    let spring = Setup::defaults("spring")?;
    let stability =
        analysis::stability_limit_on(&method, &spring).expect("the spring is an oscillator");
    // 100 periods at ω·dt = 0.1.
    let periods = unit_spring(0.1, 100.0 * std::f64::consts::TAU);
    let stats = analysis::energy_stats(&periods, &method, Precision::F64);
    // Counted over steps 101 to 200: a start's one-off evaluation (a Verlet's first acceleration) is not a
    // step's.
    let mut run = Run::<f64>::new(&unit_spring(0.1, 30.0), &method);
    run.advance(100);
    let before = run.evaluations();
    let taken = run.advance(100).max(1);
    let evaluations = (run.evaluations() - before) as f64 / taken as f64;
    let area = analysis::spring_map(&method, &spring, 0.5)
        .map(|(_, det)| det)
        .unwrap_or(f64::NAN);
    let equals = equal_to(&method);
    let rule = matches!(method, Method::Rule(_));
    let stop = if rule { stopped(&method) } else { None };
    let known = match equals {
        None if rule && stop.is_none() => VARIANTS
            .iter()
            .find(|(text, _)| like(&method, text))
            .map(|(_, says)| says.to_string())
            .or_else(|| {
                // The same as one of the lab's wherever the forces read only the position.
                // (Position and velocity Verlet report the same states there: the textbook's is the second.)
                let [spring, _, pendulum] = <[Setup; 3]>::try_from(probes()).ok()?;
                let there = [spring, pendulum];
                let m = [MethodId::VelocityVerlet]
                    .into_iter()
                    .find(|&m| there.iter().all(|s| same(s, &method, &m.into())))
                    .or_else(|| equal_on(&method, &there))?;
                Some(form_of(
                    m,
                    observed.get(1).copied().filter(|p| p.is_finite()),
                ))
            }),
        _ => None,
    };
    let mistake = match equals {
        _ if stop.is_some() => stop,
        None if rule && known.is_none() => frozen(&method)
            .map(str::to_string)
            .or_else(|| diagnose(&method, &orders, &observed, area)),
        _ => None,
    };
    // A right rule is no mistake: explicit Euler is a method; the card names it, and what to change where
    // the student meant the method the exercises usually ask for.
    let hint = match equals {
        Some(MethodId::Euler) if rule => Some(
            "x moves with the old velocity and v with the old acceleration, which is explicit Euler; if you meant \
             symplectic Euler, update v first and move x with the new v"
                .to_string(),
        ),
        _ => None,
    };
    Ok(ReportCard {
        orders,
        observed,
        stability,
        energy: (stats.describe(), stats.drift()),
        evaluations,
        area,
        equals,
        builtin: method.builtin().is_some(),
        known,
        mistake,
        hint,
    })
}

/// Whether a method steps as the rule `text` does on every probe.
fn like(method: &Method, text: &str) -> bool {
    let other = Method::Rule(Arc::new(
        Rule::compile(text).expect("a known rule compiles"),
    ));
    probes().iter().all(|s| same(s, method, &other))
}

/// The mistake a rule's numbers point to: one of the known wrong rules, or a step that does not shrink with
/// dt, or one that does not stay finite. A consistent rule that is none of these has no mistake to name: it
/// is a method of its own (Heun's, say), which the rest of the card describes.
fn diagnose(
    method: &Method,
    orders: &[(String, OrderVerdict)],
    observed: &[f64],
    area: f64,
) -> Option<String> {
    for (text, says) in MISTAKES {
        if like(method, text) {
            return Some(says.to_string());
        }
    }
    // The spring's study: its settled order, or what its finest levels show.
    let order = orders
        .first()
        .and_then(|(_, v)| v.order())
        .or(observed.first().copied());
    match order {
        Some(p) if p < 0.5 => Some(
            "its error does not fall as dt does: the rule is not consistent (with dt → 0 a step must change the \
             state by v·dt and a·dt; check that each update has its dt, once)"
                .to_string(),
        ),
        _ if !area.is_finite() => Some(
            "it does not stay finite on the spring: look for a division by a quantity that can be zero"
                .to_string(),
        ),
        _ => None,
    }
}

impl ReportCard {
    /// The card as the CLI prints it, one line a fact.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (name, verdict) in &self.orders {
            out.push(format!("order on {name}: {}", verdict.text()));
        }
        out.push(format!(
            "largest stable ω·dt on the spring: {}",
            self.stability.text()
        ));
        out.push(format!(
            "energy over 100 periods of the spring at ω·dt = 0.1: {}",
            self.energy.0
        ));
        out.push(format!(
            "force evaluations a step: {}",
            crate::format::significant(self.evaluations, 3)
        ));
        let keeps = (self.area - 1.0).abs() <= 1e-9;
        // Keeping area bounds nothing by itself: a map can keep it and still stretch the motion without end.
        // (The energy more than doubled over 100 periods: the motion grows.)
        let bounded =
            self.energy.1.is_finite() && self.energy.0 != "diverged" && self.energy.1 < 1.0;
        out.push(format!(
            "phase-space area: {} (one-step map's determinant {} at ω·dt = 0.5){}",
            if keeps { "kept" } else { "not kept" },
            crate::format::significant(self.area, 9),
            if keeps && !bounded {
                ": it keeps the area of a patch of states while stretching it without end, so the motion still grows"
            } else {
                ""
            }
        ));
        match (self.equals, self.builtin) {
            (Some(m), _) => out.push(format!(
                "equals: {} ({}), to round-off",
                m.info().name,
                m.id()
            )),
            (None, false) => out.push("equals: none of the lab's methods".to_string()),
            (None, true) => {}
        }
        if let Some(k) = &self.known {
            out.push(format!("it is: {k}"));
        }
        if let Some(h) = &self.hint {
            out.push(format!("it is: {h}"));
        }
        if let Some(m) = &self.mistake {
            out.push(format!("mistake: {m}"));
        }
        out
    }
}
