//! The spinning bodies: a coin (a torque-free symmetric body), the tennis racket (a torque-free asymmetric body
//! spun near its middle axis) and the heavy top on its pivot. Each with its truth: a closed form where there is
//! one, else a labelled reference run (RK4 at steps of at most [`crate::run::REFERENCE_STEP`]).

use super::elliptic;
use super::methods::RotationMethodId;
use super::{about, mul, normalized, Body, Quat, Spin, Torque, Vec3};
use crate::run::reference_substeps;
use crate::{Error, Param, Params};

/// Where a scenario's truth comes from, part by part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RotationTruth {
    /// ω and the attitude in closed form.
    Exact,
    /// ω in closed form (Jacobi's elliptic functions); the attitude from a reference run.
    ExactOmega,
    /// Both from a reference run.
    Reference,
}

/// What the lab says about a spinning-body scenario.
#[derive(Clone, Copy, Debug)]
pub struct RotationScenarioInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub params: &'static [Param],
    pub dt: f64,
    pub until: f64,
    pub truth: RotationTruth,
    /// Where it comes from, after the lecture whose "orientation needs special care" it answers.
    pub origin: &'static str,
    /// What the energy column holds, as the energy chart's title.
    pub energy_title: &'static str,
    /// The history's columns (the session's) that the true motion keeps constant: what a method should keep.
    pub invariants: &'static [&'static str],
    /// How the page draws it: `body` (a free box, its shape from its moments) or `top` (the same on a pivot at
    /// the end of its axis 3).
    pub scene: &'static str,
    /// The parameters holding its three principal moments, in order (a symmetric body names one twice).
    pub moments: [&'static str; 3],
}

impl RotationScenarioInfo {
    /// Where it comes from, in words.
    pub fn source(&self) -> String {
        crate::articles::sources(&[&crate::articles::LECTURE], self.origin)
    }
}

impl RotationTruth {
    /// The truth's label, as the CSV's prefix names the attitude's source.
    pub fn label(self) -> &'static str {
        match self {
            RotationTruth::Exact => "exact",
            RotationTruth::ExactOmega | RotationTruth::Reference => "reference",
        }
    }
}

/// A moment of inertia: positive, up to a ton-metre².
const fn moment(name: &'static str, default: f64, about: &'static str) -> Param {
    Param::new(name, "kg·m²", default, 0.0, 1000.0, about).above()
}

/// A component of the start's spin, either way.
const fn spin(name: &'static str, default: f64, about: &'static str) -> Param {
    Param::new(name, "rad/s", default, -1000.0, 1000.0, about)
}

static SPINNING_TOP: RotationScenarioInfo = RotationScenarioInfo {
    id: "spinning-top",
    title: "Spinning coin",
    about: "A torque-free symmetric body (a coin: I3 = I1 + I2) spun mostly about its axis and a little across it: \
            its axis wobbles round the fixed angular momentum. Closed form.",
    params: &[
        moment("I1", 1.0, "moment about each axis across the coin (I2 = I1)"),
        moment("I3", 2.0, "moment about the symmetry axis"),
        spin("omega2", 1.0, "the start's spin across the axis"),
        spin("omega3", 4.0, "the start's spin about the axis"),
    ],
    dt: 1.0 / 60.0,
    until: 10.0,
    truth: RotationTruth::Exact,
    origin: "where it ends its linear part (\"orientation needs special care\"); the torque-free symmetric top of \
             every mechanics text",
    energy_title: "Kinetic energy of rotation",
    invariants: &["energy", "L_norm"],
    scene: "body",
    moments: ["I1", "I1", "I3"],
};

static TENNIS_RACKET: RotationScenarioInfo = RotationScenarioInfo {
    id: "tennis-racket",
    title: "Tennis racket (the Dzhanibekov flip)",
    about: "A torque-free asymmetric body spun almost exactly about its middle axis: the spin is unstable, and the \
            body flips over and back again and again. ω in closed form (Jacobi's elliptic functions); the attitude \
            from a labelled reference run.",
    params: &[
        moment("I1", 1.0, "the smallest moment"),
        moment("I2", 2.0, "the middle moment"),
        moment("I3", 3.0, "the largest moment"),
        spin("omega1", 0.01, "the start's spin about axis 1"),
        spin("omega2", 6.0, "the start's spin about the middle axis"),
        spin("omega3", 0.01, "the start's spin about axis 3"),
    ],
    dt: 1.0 / 60.0,
    until: 30.0,
    truth: RotationTruth::ExactOmega,
    origin: "the intermediate-axis theorem (Dzhanibekov's wing nut, 1985)",
    energy_title: "Kinetic energy of rotation",
    invariants: &["energy", "L_norm"],
    scene: "body",
    moments: ["I1", "I2", "I3"],
};

static HEAVY_TOP: RotationScenarioInfo = RotationScenarioInfo {
    id: "heavy-top",
    title: "Heavy top on a pivot",
    about: "A symmetric top on a fixed pivot under gravity: tilted and spinning, it precesses and nods. A labelled \
            reference run.",
    params: &[
        moment("A", 0.2, "moment about a horizontal axis through the pivot"),
        moment("C", 0.1, "moment about the symmetry axis"),
        Param::new("m", "kg", 1.0, 0.0, 1000.0, "mass").above(),
        Param::new("g", "m/s²", 9.81, 0.0, 100.0, "gravity"),
        Param::new("l", "m", 0.4, 0.0, 100.0, "pivot to centre of mass, along the axis").above(),
        Param::new("theta", "rad", 1.0, 0.0, std::f64::consts::PI, "the start's tilt from the vertical"),
        spin("spin", 40.0, "the start's spin about the axis (ψ̇)"),
        spin("precession", 0.0, "the start's turn about the vertical (φ̇)"),
    ],
    dt: 1.0 / 120.0,
    until: 10.0,
    truth: RotationTruth::Reference,
    origin: "the lecture's torque τ = r × F on a body turning about a fixed pivot",
    energy_title: "Total energy (kinetic of rotation + potential)",
    invariants: &["energy", "L_z", "L_3"],
    scene: "top",
    moments: ["A", "A", "C"],
};

/// Every spinning-body scenario, in the order the lab lists them.
pub fn all() -> [&'static RotationScenarioInfo; 3] {
    [&SPINNING_TOP, &TENNIS_RACKET, &HEAVY_TOP]
}

/// The spinning-body scenario with this id, if it is one.
pub fn get(id: &str) -> Option<&'static RotationScenarioInfo> {
    all().into_iter().find(|s| s.id == id)
}

/// A spinning body ready to run: its scenario, parameters, body, start, step and length.
#[derive(Clone, Debug)]
pub struct RotationSetup {
    pub info: &'static RotationScenarioInfo,
    /// Each parameter's value.
    pub params: Params,
    pub body: Body,
    pub start: Spin,
    pub dt: f64,
    pub until: f64,
}

impl RotationSetup {
    /// The scenario with `overrides` of its parameters, checked: unknown names, moments no body can have, a
    /// step or length that is not a positive number are refused with a message that says which.
    pub fn new(
        id: &str,
        overrides: &[(String, f64)],
        dt: Option<f64>,
        until: Option<f64>,
    ) -> Result<RotationSetup, Error> {
        let info =
            get(id).ok_or_else(|| Error::Inconsistent(format!("unknown scenario '{id}'")))?;
        let params = Params::of(info.id, info.params, overrides)?;
        let (dt, until) = (dt.unwrap_or(info.dt), until.unwrap_or(info.until));
        for (name, v) in [("dt", dt), ("until", until)] {
            if !(v.is_finite() && v > 0.0) {
                return Err(Error::Inconsistent(format!(
                    "{name} = {v}: a positive number of seconds"
                )));
            }
        }
        crate::run::check_budget(dt, until, info.truth != RotationTruth::Exact)?;
        let get = |name: &str| params.get(name);
        let (body, start) = match info.id {
            "spinning-top" => (
                Body::new([get("I1"), get("I1"), get("I3")], Torque::Free)?,
                Spin {
                    q: [1.0, 0.0, 0.0, 0.0],
                    omega: [0.0, get("omega2"), get("omega3")],
                },
            ),
            "tennis-racket" => {
                let moments = [get("I1"), get("I2"), get("I3")];
                if !(moments[0] < moments[1] && moments[1] < moments[2]) {
                    return Err(Error::Inconsistent(
                        "the tennis racket has three different moments, I1 < I2 < I3 (its middle axis is the \
                         unstable one)"
                            .into(),
                    ));
                }
                (
                    Body::new(moments, Torque::Free)?,
                    Spin {
                        q: [1.0, 0.0, 0.0, 0.0],
                        omega: [get("omega1"), get("omega2"), get("omega3")],
                    },
                )
            }
            _ => {
                let theta = get("theta");
                let (precession, spin) = (get("precession"), get("spin"));
                let (s, c) = crate::math::sin_cos(theta);
                (
                    Body::new(
                        [get("A"), get("A"), get("C")],
                        Torque::Gravity {
                            m: get("m"),
                            g: get("g"),
                            arm: get("l"),
                        },
                    )?,
                    // Euler angles (z, x, z) = (0, θ, 0): tilted about the world x axis; φ̇ and ψ̇ in the body frame.
                    Spin {
                        q: about(&[1.0, 0.0, 0.0], theta),
                        omega: [0.0, precession * s, precession * c + spin],
                    },
                )
            }
        };
        Ok(RotationSetup {
            info,
            params,
            body,
            start,
            dt,
            until,
        })
    }

    pub fn defaults(id: &str) -> Result<RotationSetup, Error> {
        RotationSetup::new(id, &[], None, None)
    }

    pub fn steps(&self) -> u64 {
        (self.until / self.dt).round() as u64
    }

    /// The same setup started from ω1 + `delta` (a nudge's twin; see [`crate::chaos::check_nudge`]).
    pub fn nudged(&self, delta: f64) -> RotationSetup {
        let mut twin = self.clone();
        twin.start.omega[0] += delta;
        twin
    }

    /// The truth, to read at each step of the run in turn.
    pub fn truth(&self) -> TruthRun {
        TruthRun::new(self)
    }

    /// A method's run from the start.
    pub fn run(&self, method: RotationMethodId) -> RotationRun {
        RotationRun {
            method,
            body: self.body,
            dt: self.dt,
            spin: self.start,
            steps: 0,
            diverged: false,
        }
    }
}

/// A method stepping a body.
#[derive(Clone, Debug)]
pub struct RotationRun {
    pub method: RotationMethodId,
    body: Body,
    dt: f64,
    pub spin: Spin,
    pub steps: u64,
    pub diverged: bool,
}

impl RotationRun {
    /// Takes a step; false (and no step) once the state has stopped being finite.
    pub fn step(&mut self) -> bool {
        if self.diverged {
            return false;
        }
        let mut next = self.spin;
        self.method.step(&self.body, self.dt, &mut next);
        if !next.is_finite() {
            self.diverged = true;
            return false;
        }
        self.spin = next;
        self.steps += 1;
        true
    }
}

/// The truth along a run: a closed form, or RK4 at steps of at most [`crate::run::REFERENCE_STEP`] (the
/// labelled reference run), read at each step of the setup in turn.
pub struct TruthRun {
    body: Body,
    start: Spin,
    dt: f64,
    truth: RotationTruth,
    /// The reference run, where the attitude (or all) comes from one, and its substeps a step of the setup.
    reference: RotationRun,
    substeps: u64,
    /// The free asymmetric body's closed form, where the scenario has it.
    jacobi: Option<Jacobi>,
}

impl TruthRun {
    fn new(setup: &RotationSetup) -> TruthRun {
        let substeps = reference_substeps(setup.dt);
        let h = setup.dt / substeps as f64;
        TruthRun {
            body: setup.body,
            start: setup.start,
            dt: setup.dt,
            truth: setup.info.truth,
            reference: RotationRun {
                method: RotationMethodId::Rk4,
                body: setup.body,
                dt: h,
                spin: setup.start,
                steps: 0,
                diverged: false,
            },
            substeps,
            jacobi: (setup.info.truth == RotationTruth::ExactOmega)
                .then(|| Jacobi::new(&setup.body.moments, &setup.start.omega)),
        }
    }

    /// The reference run's step, where any part of the truth is one.
    pub fn reference_step(&self) -> Option<f64> {
        (self.truth != RotationTruth::Exact).then_some(self.reference.dt)
    }

    /// The truth at step `n` (steps are read in increasing order: a reference run moves on to them).
    pub fn at(&mut self, n: u64) -> Spin {
        let t = n as f64 * self.dt;
        match self.truth {
            RotationTruth::Exact => symmetric_free(&self.body, &self.start, t),
            RotationTruth::ExactOmega | RotationTruth::Reference => {
                let target = n * self.substeps;
                while self.reference.steps < target && self.reference.step() {}
                let mut spin = self.reference.spin;
                if let Some(j) = &self.jacobi {
                    spin.omega = j.omega(t);
                }
                spin
            }
        }
    }
}

/// The torque-free symmetric body (I1 = I2) in closed form. With ω = L/I1 + κ e3, κ = L3 (1/I3 − 1/I1), the
/// attitude is a turn about the fixed world L at ‖L‖/I1 composed with a turn about the body axis at κ:
/// `q(t) = exp(½ t ‖L‖/I1 n̂) ⊗ q0 ⊗ exp(½ t κ e3)`, and the body-frame L turns about e3 at −κ.
pub fn symmetric_free(body: &Body, start: &Spin, t: f64) -> Spin {
    let i1 = body.moments[0];
    let l0 = body.momentum(&start.omega);
    let kappa = l0[2] * (1.0 / body.moments[2] - 1.0 / i1);
    let world = super::rotate(&start.q, &l0);
    let size = super::dot(&world, &world).sqrt();
    let precess = if size > 0.0 {
        about(
            &[world[0] / size, world[1] / size, world[2] / size],
            t * size / i1,
        )
    } else {
        [1.0, 0.0, 0.0, 0.0]
    };
    let q: Quat = normalized(&mul(
        &mul(&precess, &start.q),
        &about(&[0.0, 0.0, 1.0], kappa * t),
    ));
    let (s, c) = crate::math::sin_cos(-kappa * t);
    let l: Vec3 = [c * l0[0] - s * l0[1], s * l0[0] + c * l0[1], l0[2]];
    Spin {
        q,
        omega: [l[0] / i1, l[1] / i1, l[2] / body.moments[2]],
    }
}

/// The free asymmetric body's ω in closed form (Landau & Lifshitz, Mechanics §37): with 2E and L² its
/// invariants, for L² > 2E·I2 (a spin nearer axis 3)
///
/// ```text
/// ω1 = σ1 A1 cn(u),  ω2 = σ2 A2 sn(u),  ω3 = σ3 A3 dn(u),  u = s·t + u0
/// ```
///
/// and with axes 1 and 3 exchanged for L² < 2E·I2. A Jacobi solution's period in u is 4K(m); ω2 changes sign
/// every 2K/s: the flip.
#[derive(Clone, Copy, Debug)]
pub struct Jacobi {
    /// The axes in the roles of 1, 2, 3 above (2 is always the middle one).
    axes: [usize; 3],
    amplitude: Vec3,
    sign: Vec3,
    rate: f64,
    phase: f64,
    /// The complementary parameter 1 − m.
    m1: f64,
}

impl Jacobi {
    pub fn new(moments: &Vec3, omega: &Vec3) -> Jacobi {
        // L² − 2E·I_k = Σ I_i ω_i² (I_i − I_k), summed without the cancellation of forming L² and 2E apart:
        // near the separatrix L² − 2E·I2 is a small difference of two large numbers.
        let excess = |k: f64| {
            (0..3)
                .map(|i| moments[i] * omega[i] * omega[i] * (moments[i] - k))
                .sum::<f64>()
        };
        // The axis the spin stays near (its ω keeps its sign, as dn) is 3 when L² > 2E·I2, else 1.
        let axes = if excess(moments[1]) > 0.0 {
            [0, 1, 2]
        } else {
            [2, 1, 0]
        };
        let [a, b, c] = axes.map(|i| moments[i]);
        let (over_a, over_b, over_c) = (excess(a), excess(b), excess(c));
        let amplitude = [
            (over_c / (a * (a - c))).sqrt(),
            (over_c / (b * (b - c))).sqrt(),
            (over_a / (c * (c - a))).sqrt(),
        ];
        let rate = ((c - b) * over_a / (a * b * c)).abs().sqrt();
        // m = (b − a)(2E·c − L²)/((c − b)(L² − 2E·a)), and 1 − m = (c − a)(L² − 2E·b)/((c − b)(L² − 2E·a)).
        let m1 = ((c - a) * over_b / ((c - b) * over_a)).clamp(0.0, 1.0);
        let w = axes.map(|i| omega[i]);
        // dn > 0: the kept axis's sign is its start's. Euler's equations then fix the sign of the product of
        // the other two. With the axes in order, a ω̇_a = (b − c) ω_b ω_c; exchanged (an odd permutation),
        // a ω̇_a = (c − b) ω_b ω_c. With cn' = −sn·dn either gives σ_a σ_b σ_c = +1 for s > 0.
        let s3 = if w[2] < 0.0 { -1.0 } else { 1.0 };
        let s1 = 1.0;
        let s2 = s3 * s1;
        let (sn0, cn0) = (w[1] / (s2 * amplitude[1]), w[0] / (s1 * amplitude[0]));
        let norm = (sn0 * sn0 + cn0 * cn0).sqrt();
        let phase = elliptic::phase_c(sn0 / norm, cn0 / norm, m1);
        Jacobi {
            axes,
            amplitude,
            sign: [s1, s2, s3],
            rate,
            phase,
            m1,
        }
    }

    /// ω at time t.
    pub fn omega(&self, t: f64) -> Vec3 {
        let (sn, cn, dn) = elliptic::sn_cn_dn_c(self.rate * t + self.phase, self.m1);
        let roles = [cn, sn, dn];
        let mut out = [0.0; 3];
        for r in 0..3 {
            out[self.axes[r]] = self.sign[r] * self.amplitude[r] * roles[r];
        }
        out
    }

    /// The time between two flips (ω about the middle axis changing sign): 2K(m)/s.
    pub fn flip_interval(&self) -> f64 {
        2.0 * elliptic::complete_c(self.m1) / self.rate
    }
}
