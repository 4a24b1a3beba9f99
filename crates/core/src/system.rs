//! Forces and the systems they make.
//!
//! A [`System`] is a set of coordinates and the force terms acting on them, each term already divided by the
//! mass it acts on, so a term gives an acceleration. Every term can do three things:
//!
//! - add its acceleration `a(t, x, v)` (all methods);
//! - add its Jacobians `∂a/∂x`, `∂a/∂v` (implicit Euler's Newton solve);
//! - add its own exact `(dx, dv)` over a step from the step's starting state, as if it acted alone (the
//!   kinematic integrator of “True Physics”). Terms with no closed form fall back to semi-implicit Euler's
//!   `dv = a dt, dx = a dt²`, as the article says.

use crate::{Real, State};

/// One force term, as an acceleration (force over mass).
#[derive(Clone, Debug, PartialEq)]
pub enum Force<R> {
    /// A constant acceleration on every coordinate: gravity, a steady push.
    Uniform { a: Vec<R> },
    /// A constant acceleration switched on at `start` and off at `end`: a thruster. On for `start ≤ t < end`.
    Pulse { a: Vec<R>, start: R, end: R },
    /// `aᵢ = −ω² (xᵢ − anchorᵢ) − γ vᵢ` on the coordinates `first..first + anchor.len()`, each independent:
    /// a spring (γ = 0), a damped spring, linear drag (ω = 0), the central linear force in 2-D.
    Linear {
        first: usize,
        anchor: Vec<R>,
        omega2: R,
        gamma: R,
    },
    /// `a = −GM r/|r|³` on coordinates 0 and 1: a planet around a fixed sun.
    InverseSquare { gm: R },
    /// `θ'' = −(g/L) sin θ` on coordinate 0.
    Pendulum { g_over_l: R },
    /// The double pendulum's coupled equations on (θ₁, θ₂).
    DoublePendulum { l1: R, l2: R, m1: R, m2: R, g: R },
    /// Nearest-neighbour springs along a line, `k/m` each, the first coordinate pinned, the last end free.
    Chain { k_over_m: R },
    /// A force a student wrote (feature `language`: see `language::force`), evaluated in f64 whatever the
    /// run's precision, on one or two coordinates.
    #[cfg(feature = "language")]
    Custom(Custom),
}

/// An acceleration written as text and run by the core's language (see `language::force`).
#[cfg(feature = "language")]
pub trait Accelerate: Send + Sync {
    /// Writes `a(t, x, v)` into `a`; NaN where the text failed (and [`Accelerate::failure`] says why).
    fn accelerate(&self, t: f64, x: &[f64], v: &[f64], a: &mut [f64]);
    /// Why an evaluation failed, where one did.
    fn failure(&self) -> Option<String>;
    /// Whether the acceleration reads the velocity (which costs some methods order: see `ForceClass`).
    fn reads_velocity(&self) -> bool;
}

/// A student's force as a term: two are the same force when they are the same compiled text.
#[cfg(feature = "language")]
#[derive(Clone)]
pub struct Custom(pub std::sync::Arc<dyn Accelerate>);

#[cfg(feature = "language")]
impl std::fmt::Debug for Custom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Custom")
    }
}

#[cfg(feature = "language")]
impl PartialEq for Custom {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(
            std::sync::Arc::as_ptr(&self.0),
            std::sync::Arc::as_ptr(&other.0),
        )
    }
}

impl<R: Real> Force<R> {
    /// Rounds an `f64` force to precision `R`.
    pub fn cast(f: &Force<f64>) -> Self {
        let c = R::from_f64;
        let cv = |v: &Vec<f64>| v.iter().map(|&x| c(x)).collect::<Vec<R>>();
        match f {
            Force::Uniform { a } => Force::Uniform { a: cv(a) },
            Force::Pulse { a, start, end } => Force::Pulse {
                a: cv(a),
                start: c(*start),
                end: c(*end),
            },
            Force::Linear {
                first,
                anchor,
                omega2,
                gamma,
            } => Force::Linear {
                first: *first,
                anchor: cv(anchor),
                omega2: c(*omega2),
                gamma: c(*gamma),
            },
            Force::InverseSquare { gm } => Force::InverseSquare { gm: c(*gm) },
            Force::Pendulum { g_over_l } => Force::Pendulum {
                g_over_l: c(*g_over_l),
            },
            Force::DoublePendulum { l1, l2, m1, m2, g } => Force::DoublePendulum {
                l1: c(*l1),
                l2: c(*l2),
                m1: c(*m1),
                m2: c(*m2),
                g: c(*g),
            },
            Force::Chain { k_over_m } => Force::Chain {
                k_over_m: c(*k_over_m),
            },
            #[cfg(feature = "language")]
            Force::Custom(f) => Force::Custom(f.clone()),
        }
    }

    /// Whether the acceleration depends on velocity.
    pub fn velocity_dependent(&self) -> bool {
        match self {
            Force::Linear { gamma, .. } => *gamma != R::ZERO,
            Force::DoublePendulum { .. } => true,
            #[cfg(feature = "language")]
            Force::Custom(f) => f.0.reads_velocity(),
            _ => false,
        }
    }

    /// The same force but for its anchor: equal stiffness and damping on the same coordinates.
    pub fn same_as(&self, other: &Force<R>) -> bool {
        match (self, other) {
            (
                Force::Linear {
                    first,
                    omega2,
                    gamma,
                    anchor,
                },
                Force::Linear {
                    first: f2,
                    omega2: o2,
                    gamma: g2,
                    anchor: a2,
                },
            ) => first == f2 && omega2 == o2 && gamma == g2 && anchor.len() == a2.len(),
            _ => self == other,
        }
    }

    /// Whether the acceleration depends on the state at all (a push or a thruster does not).
    pub fn state_dependent(&self) -> bool {
        !matches!(self, Force::Uniform { .. } | Force::Pulse { .. })
    }

    /// Whether the term gives its exact (dx, dv) over a step (else the kinematic integrators fall back to
    /// semi-implicit Euler for it).
    pub fn closed_form(&self) -> bool {
        matches!(
            self,
            Force::Uniform { .. } | Force::Pulse { .. } | Force::Linear { .. }
        )
    }

    /// Whether the acceleration is affine in (x, v), so one Newton step solves implicit Euler exactly.
    pub fn linear(&self) -> bool {
        matches!(
            self,
            Force::Uniform { .. }
                | Force::Pulse { .. }
                | Force::Linear { .. }
                | Force::Chain { .. }
        )
    }

    /// Adds this term's acceleration to `a`.
    #[inline]
    pub fn add_acceleration(&self, t: R, x: &[R], v: &[R], a: &mut [R]) {
        match self {
            Force::Uniform { a: g } => {
                for (ai, &gi) in a.iter_mut().zip(g) {
                    *ai += gi;
                }
            }
            Force::Pulse { a: g, start, end } => {
                if *start <= t && t < *end {
                    for (ai, &gi) in a.iter_mut().zip(g) {
                        *ai += gi;
                    }
                }
            }
            Force::Linear {
                first,
                anchor,
                omega2,
                gamma,
            } => {
                let range = *first..*first + anchor.len();
                for (((ai, &xi), &vi), &ci) in a[range.clone()]
                    .iter_mut()
                    .zip(&x[range.clone()])
                    .zip(&v[range])
                    .zip(anchor)
                {
                    *ai -= *omega2 * (xi - ci) + *gamma * vi;
                }
            }
            Force::InverseSquare { gm } => {
                let r2 = x[0] * x[0] + x[1] * x[1];
                let r = r2.sqrt();
                let s = *gm / (r2 * r);
                a[0] -= s * x[0];
                a[1] -= s * x[1];
            }
            Force::Pendulum { g_over_l } => a[0] -= *g_over_l * x[0].sin(),
            Force::DoublePendulum { l1, l2, m1, m2, g } => {
                let (a1, a2) = double_pendulum(*l1, *l2, *m1, *m2, *g, x[0], x[1], v[0], v[1]);
                a[0] += a1;
                a[1] += a2;
            }
            Force::Chain { k_over_m } => chain_pulls(*k_over_m, x, a, |ai, pull| *ai += pull),
            #[cfg(feature = "language")]
            Force::Custom(f) => {
                // One or two coordinates, in f64.
                let n = x.len().min(2);
                let (mut xs, mut vs, mut out) = ([0.0; 2], [0.0; 2], [0.0; 2]);
                for i in 0..n {
                    xs[i] = x[i].to_f64();
                    vs[i] = v[i].to_f64();
                }
                f.0.accelerate(t.to_f64(), &xs[..n], &vs[..n], &mut out[..n]);
                for i in 0..n {
                    a[i] += R::from_f64(out[i]);
                }
            }
        }
    }

    /// How far from the diagonal this term's Jacobian reaches, on `n` coordinates: 0 where each coordinate's
    /// acceleration depends on that coordinate only, 1 for neighbours (the chain, the plane's pair), n − 1
    /// where any may depend on any.
    pub fn half_bandwidth(&self, n: usize) -> usize {
        match self {
            Force::Uniform { .. } | Force::Pulse { .. } | Force::Linear { .. } => 0,
            Force::Pendulum { .. } => 0,
            Force::InverseSquare { .. } | Force::Chain { .. } => 1,
            Force::DoublePendulum { .. } => n.saturating_sub(1),
            #[cfg(feature = "language")]
            Force::Custom(_) => n.saturating_sub(1),
        }
        .min(n.saturating_sub(1))
    }

    /// Adds `∂a/∂x` to `jx` and `∂a/∂v` to `jv` (each kept as its band: see [`Force::half_bandwidth`]).
    /// Returns false for a term with no analytic Jacobian (the double pendulum), which the caller then
    /// differentiates numerically.
    pub fn add_jacobian(&self, x: &[R], jx: &mut Band<R>, jv: &mut Band<R>) -> bool {
        let n = x.len();
        match self {
            Force::Uniform { .. } | Force::Pulse { .. } => {}
            Force::Linear {
                first,
                anchor,
                omega2,
                gamma,
            } => {
                for i in *first..*first + anchor.len() {
                    jx.add(i, i, -*omega2);
                    jv.add(i, i, -*gamma);
                }
            }
            Force::InverseSquare { gm } => {
                let r2 = x[0] * x[0] + x[1] * x[1];
                let r = r2.sqrt();
                let r3 = r2 * r;
                let r5 = r3 * r2;
                let three = R::from_f64(3.0);
                for i in 0..2 {
                    for j in 0..2 {
                        let delta = if i == j { R::ONE / r3 } else { R::ZERO };
                        jx.add(i, j, -(*gm * (delta - three * x[i] * x[j] / r5)));
                    }
                }
            }
            Force::Pendulum { g_over_l } => jx.add(0, 0, -(*g_over_l * x[0].cos())),
            Force::DoublePendulum { .. } => return false,
            #[cfg(feature = "language")]
            Force::Custom(_) => return false,
            Force::Chain { k_over_m } => {
                for i in 1..n {
                    jx.add(i, i - 1, *k_over_m);
                    jx.add(i, i, -*k_over_m);
                    if i + 1 < n {
                        jx.add(i, i + 1, *k_over_m);
                        jx.add(i, i, -*k_over_m);
                    }
                }
            }
        }
        true
    }

    /// Adds this term's own `(dx, dv)` over `[t, t + h]` from `(x, v)`, as if it acted alone:
    /// `v(t+h) = v + dv`, `x(t+h) = x + v h + dx`. Exact where a closed form exists; otherwise semi-implicit
    /// Euler's `dv = a h, dx = a h²` with `a` taken into `scratch`. Returns whether the increment was exact.
    pub fn add_increment(
        &self,
        t: R,
        h: R,
        state: &State<R>,
        dx: &mut [R],
        dv: &mut [R],
        scratch: &mut [R],
    ) -> bool {
        let (x, v) = (&state.x[..], &state.v[..]);
        match self {
            Force::Uniform { a } => {
                let half_h2 = R::HALF * h * h;
                for ((dxi, dvi), &ai) in dx.iter_mut().zip(dv.iter_mut()).zip(a) {
                    *dvi += ai * h;
                    *dxi += ai * half_h2;
                }
                true
            }
            Force::Pulse { a, start, end } => {
                // The pulse is on for τ in [τ0, τ1] of the step: dv = a (τ1 − τ0),
                // dx = a ∫_{τ0}^{τ1} (h − τ) dτ.
                let tau0 = (*start - t).max(R::ZERO);
                let tau1 = (*end - t).min(h);
                if tau1 > tau0 {
                    let on = tau1 - tau0;
                    let lever = on * h - R::HALF * (tau1 * tau1 - tau0 * tau0);
                    for ((dxi, dvi), &ai) in dx.iter_mut().zip(dv.iter_mut()).zip(a) {
                        *dvi += ai * on;
                        *dxi += ai * lever;
                    }
                }
                true
            }
            Force::Linear {
                first,
                anchor,
                omega2,
                gamma,
            } => {
                let p = Propagator::new(*omega2, *gamma, h);
                for (k, &c) in anchor.iter().enumerate() {
                    let i = first + k;
                    let y = x[i] - c;
                    let y1 = p.xx * y + p.xv * v[i];
                    let v1 = p.vx * y + p.vv * v[i];
                    dv[i] += v1 - v[i];
                    dx[i] += y1 - y - v[i] * h;
                }
                true
            }
            _ => {
                scratch.iter_mut().for_each(|s| *s = R::ZERO);
                self.add_acceleration(t, x, v, scratch);
                let h2 = h * h;
                for ((dxi, dvi), &ai) in dx.iter_mut().zip(dv.iter_mut()).zip(scratch.iter()) {
                    *dvi += ai * h;
                    *dxi += ai * h2;
                }
                false
            }
        }
    }
}

/// The exact flow over a step `h` of `y'' = −ω² y − γ y'`:
/// `y(h) = xx·y + xv·v`, `v(h) = vx·y + vv·v`.
///
/// With `α = γ/2` and `ω_d² = ω² − α²`, the flow is `e^{−αh}` times `C ± α S` on the diagonal, `S` and
/// `−ω² S` off it, where `C = cos ω_d h, S = sin(ω_d h)/ω_d` when under-damped, their hyperbolic twins when
/// over-damped, and `C = 1, S = h` at critical damping.
#[derive(Clone, Copy, Debug)]
pub struct Propagator<R> {
    pub xx: R,
    pub xv: R,
    pub vx: R,
    pub vv: R,
}

impl<R: Real> Propagator<R> {
    pub fn new(omega2: R, gamma: R, h: R) -> Self {
        let alpha = R::HALF * gamma;
        let disc = omega2 - alpha * alpha;
        // (e^{−αh} C, e^{−αh} S), formed so that neither factor overflows for large h.
        let (ec, es) = if disc > R::ZERO {
            let wd = disc.sqrt();
            let e = (-alpha * h).exp();
            (e * (wd * h).cos(), e * (wd * h).sin() / wd)
        } else if disc < R::ZERO {
            let mu = (-disc).sqrt();
            let slow = ((mu - alpha) * h).exp();
            let fast = (-(mu + alpha) * h).exp();
            (R::HALF * (slow + fast), R::HALF * (slow - fast) / mu)
        } else {
            let e = (-alpha * h).exp();
            (e, e * h)
        };
        Propagator {
            xx: ec + alpha * es,
            xv: es,
            vx: -omega2 * es,
            vv: ec - alpha * es,
        }
    }
}

/// The double pendulum's angular accelerations (point masses on massless rods).
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn double_pendulum<R: Real>(
    l1: R,
    l2: R,
    m1: R,
    m2: R,
    g: R,
    th1: R,
    th2: R,
    w1: R,
    w2: R,
) -> (R, R) {
    let two = R::from_f64(2.0);
    let d = th1 - th2;
    let (sd, cd) = (d.sin(), d.cos());
    let den = two * m1 + m2 - m2 * (two * d).cos();
    let a1 = (-g * (two * m1 + m2) * th1.sin()
        - m2 * g * (th1 - two * th2).sin()
        - two * sd * m2 * (w2 * w2 * l2 + w1 * w1 * l1 * cd))
        / (l1 * den);
    let a2 = (two
        * sd
        * (w1 * w1 * l1 * (m1 + m2) + g * (m1 + m2) * th1.cos() + w2 * w2 * l2 * m2 * cd))
        / (l2 * den);
    (a1, a2)
}

/// Coordinates and the forces on them.
/// What kinds of force a system has: each method's order on it follows from these (`MethodInfo::order_on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ForceClass {
    /// Force terms in all.
    pub terms: usize,
    /// Terms that depend on the state (all but constant pushes and thrusters).
    pub state_terms: usize,
    /// Several state-dependent terms, all the same but for where they are anchored (two equal springs).
    pub identical: bool,
    /// The motion starts at rest (every velocity zero): some error terms vanish then ([`Setup::class`]
    /// sets it; a system alone does not know its start).
    ///
    /// [`Setup::class`]: crate::Setup::class
    pub at_rest: bool,
    /// Some term depends on velocity (damping, drag).
    pub velocity_dependent: bool,
    /// The kinetic energy depends on the positions too (the double pendulum, stepped in its angles): its
    /// acceleration reads the velocities without taking energy out, and its energy is not separable into a
    /// part of the velocities and a part of the positions.
    pub coupled: bool,
    /// Some term has no closed-form increment (inverse-square gravity, pendulums, the chain).
    pub fallback: bool,
    /// Whether a term switches on or off (a thruster), and where its switches fall at this dt.
    pub switching: Switching,
}

impl ForceClass {
    /// The kinds of force in words, for the CLI's `list --scenario` and the page.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.state_terms == 0 {
            parts.push("only constant forces".to_string());
        } else if self.identical {
            parts.push(format!(
                "{} equal forces that change as the body moves",
                self.state_terms
            ));
        } else if self.state_terms == 1 && self.terms == 1 {
            parts.push("one force, which changes as the body moves".to_string());
        } else {
            parts.push(format!(
                "{} forces, {} of them changing as the body moves",
                self.terms, self.state_terms
            ));
        }
        if self.velocity_dependent {
            parts.push("one depends on the velocity".to_string());
        }
        if self.fallback {
            // The kinematic integrators step each force by its own closed-form increment over a step; where
            // the lab has none for a force, they fall back to an ordinary step (the run itself still has its
            // exact solution or reference).
            let which = if self.terms == 1 { "it" } else { "one of them" };
            parts.push(format!(
                "the kinematic integrators do not step {which} exactly: they fall back to an ordinary step"
            ));
        }
        match self.switching {
            Switching::None => {}
            Switching::OnStepEdges => {
                parts.push("a thruster switching on step edges at this dt".into())
            }
            Switching::InsideSteps => {
                parts.push("a thruster switching inside steps at this dt".into())
            }
        }
        parts.join("; ")
    }
}

/// Where a force that switches on and off (a thruster) switches, against the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switching {
    /// No term switches.
    None,
    /// Every switch falls on a step's edge (and stays there as dt halves).
    OnStepEdges,
    /// Some switch falls inside a step.
    InsideSteps,
}

/// A square matrix kept as its band: the entries within `half` of the diagonal, row by row (all of them when
/// `half` is n − 1). The chain's Jacobian is tridiagonal: kept so, implicit Euler's step costs in proportion to
/// the number of masses, not its cube.
#[derive(Clone, Debug, PartialEq)]
pub struct Band<R> {
    pub n: usize,
    pub half: usize,
    pub(crate) data: Vec<R>,
}

impl<R: Real> Band<R> {
    pub fn new(n: usize, half: usize) -> Self {
        let half = half.min(n.saturating_sub(1));
        Band {
            n,
            half,
            data: vec![R::ZERO; n * (2 * half + 1)],
        }
    }

    /// Where entry (i, j) is kept; `None` outside the band.
    #[inline]
    fn index(&self, i: usize, j: usize) -> Option<usize> {
        (i.abs_diff(j) <= self.half).then(|| i * (2 * self.half + 1) + self.half + j - i)
    }

    /// Entry (i, j): zero outside the band.
    #[inline]
    pub fn get(&self, i: usize, j: usize) -> R {
        self.index(i, j).map_or(R::ZERO, |k| self.data[k])
    }

    /// Adds to entry (i, j), which must lie in the band (a term's `half_bandwidth` says it does; the tests of
    /// every term's Jacobian check it).
    #[inline]
    pub fn add(&mut self, i: usize, j: usize, value: R) {
        debug_assert!(i.abs_diff(j) <= self.half, "({i}, {j}) is outside the band");
        self.data[i * (2 * self.half + 1) + self.half + j - i] += value;
    }

    /// Sets entry (i, j), which must lie in the band.
    #[inline]
    pub fn set(&mut self, i: usize, j: usize, value: R) {
        debug_assert!(i.abs_diff(j) <= self.half, "({i}, {j}) is outside the band");
        self.data[i * (2 * self.half + 1) + self.half + j - i] = value;
    }

    pub fn clear(&mut self) {
        self.data.iter_mut().for_each(|z| *z = R::ZERO);
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct System<R> {
    /// Number of position coordinates (and of velocity coordinates).
    pub dim: usize,
    pub forces: Vec<Force<R>>,
}

impl<R: Real> System<R> {
    pub fn new(dim: usize, forces: Vec<Force<R>>) -> Self {
        System { dim, forces }
    }

    /// Why a force written as text failed, where one did (its accelerations were NaN from then on).
    pub fn failure(&self) -> Option<String> {
        #[cfg(feature = "language")]
        for f in &self.forces {
            if let Force::Custom(c) = f {
                if let Some(why) = c.0.failure() {
                    return Some(why);
                }
            }
        }
        None
    }

    /// Rounds an `f64` system to precision `R`.
    pub fn cast(system: &System<f64>) -> Self {
        System {
            dim: system.dim,
            forces: system.forces.iter().map(Force::cast).collect(),
        }
    }

    pub fn velocity_dependent(&self) -> bool {
        self.forces.iter().any(Force::velocity_dependent)
    }

    /// The kinds of force the system has when stepped at `dt`, which decide what each method can promise.
    pub fn class(&self, dt: f64) -> ForceClass {
        let on_grid = |t: R| {
            let k = t.to_f64() / dt;
            (k - libm::round(k)).abs() <= 1e-9 * k.abs().max(1.0)
        };
        let switches = self.forces.iter().filter_map(|f| match f {
            Force::Pulse { start, end, .. } => Some(on_grid(*start) && on_grid(*end)),
            _ => None,
        });
        let switching = switches.fold(Switching::None, |acc, edges| match (acc, edges) {
            (Switching::InsideSteps, _) | (_, false) => Switching::InsideSteps,
            _ => Switching::OnStepEdges,
        });
        let state: Vec<&Force<R>> = self.forces.iter().filter(|f| f.state_dependent()).collect();
        ForceClass {
            terms: self.forces.len(),
            state_terms: state.len(),
            identical: state.len() > 1 && state.iter().all(|f| f.same_as(state[0])),
            at_rest: false,
            velocity_dependent: self.velocity_dependent(),
            coupled: self
                .forces
                .iter()
                .any(|f| matches!(f, Force::DoublePendulum { .. })),
            fallback: !self.forces.iter().all(Force::closed_form),
            switching,
        }
    }

    pub fn linear(&self) -> bool {
        self.forces.iter().all(Force::linear)
    }

    /// How far from the diagonal the system's Jacobian reaches (see [`Force::half_bandwidth`]).
    pub fn half_bandwidth(&self) -> usize {
        self.forces
            .iter()
            .map(|f| f.half_bandwidth(self.dim))
            .max()
            .unwrap_or(0)
    }

    /// Writes the total acceleration at `(t, x, v)` into `a`.
    #[inline]
    pub fn acceleration(&self, t: R, x: &[R], v: &[R], a: &mut [R]) {
        // The chain alone (its only force) writes every mass's acceleration, as it would add it to zero:
        // zeroing them first was a bulk fill at every evaluation, dearer in wasm than natively.
        if let [Force::Chain { k_over_m }] = self.forces[..] {
            chain_acceleration(k_over_m, x, a);
            return;
        }
        a.iter_mut().for_each(|ai| *ai = R::ZERO);
        for force in &self.forces {
            force.add_acceleration(t, x, v, a);
        }
    }
}

/// Each of the chain's masses' pull from its neighbours, given to `put` with the mass's acceleration: an
/// inner mass is pulled by both, the free end by its left one only (mass 0 is the wall's, and has none; so
/// has any past `x`'s length). The inner masses in one pass over windows of three, with no index to check and
/// no branch, so that the compiler vectorises it (in wasm as natively); the same arithmetic, in the same
/// order, as mass by mass.
#[inline]
fn chain_pulls<R: Real>(k: R, x: &[R], a: &mut [R], put: impl Fn(&mut R, R)) {
    let n = x.len().min(a.len());
    if n < 2 {
        return;
    }
    for (ai, w) in a[1..n - 1].iter_mut().zip(x[..n].windows(3)) {
        put(ai, k * ((w[0] - w[1]) + (w[2] - w[1])));
    }
    put(&mut a[n - 1], k * ((x[n - 2] - x[n - 1]) + R::ZERO));
}

/// The chain's acceleration written into `a`, each value what [`Force::add_acceleration`] adds to zero, to
/// the bit. Not inlined: every method's step calls it, and inlined it made the base build 7 KB larger for no
/// speed.
#[inline(never)]
fn chain_acceleration<R: Real>(k: R, x: &[R], a: &mut [R]) {
    let n = x.len().min(a.len());
    if n < 2 {
        a.fill(R::ZERO);
        return;
    }
    a[0] = R::ZERO;
    chain_pulls(k, x, a, |ai, pull| *ai = R::ZERO + pull);
    a[n..].fill(R::ZERO);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain alone writes its acceleration instead of adding it to zeros: the same bits, a zero's sign
    /// included (a mass level with both neighbours has +0, never -0), at every length and in both
    /// precisions, and nothing left over from the last evaluation.
    #[test]
    fn the_chain_writes_what_it_would_add_to_zero() {
        /// `a` as long as `x` and, where `longer`, three entries longer (the chain has none there).
        fn check<R: Real>(n: usize, x: &[R], longer: bool) {
            let system = System::new(
                n,
                vec![Force::Chain {
                    k_over_m: R::from_f64(1000.0),
                }],
            );
            let v = vec![R::ZERO; n];
            let len = if longer { n + 3 } else { n };
            let mut added = vec![R::ZERO; len];
            system.forces[0].add_acceleration(R::ZERO, x, &v, &mut added);
            let mut written = vec![R::from_f64(f64::NAN); len];
            system.acceleration(R::ZERO, x, &v, &mut written);
            let bits = |a: &[R]| a.iter().map(|q| q.to_f64().to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&written), bits(&added), "n = {n}, longer: {longer}");
        }
        for n in 0..=7 {
            // Uneven spacings, some masses level with a neighbour (a difference of zero), some at -0.
            let x: Vec<f64> = (0..n)
                .map(|i| match i % 3 {
                    0 => -0.0,
                    1 => 0.01 * i as f64,
                    _ => 0.01 * (i - 1) as f64,
                })
                .collect();
            // Masses at -0 and +0 in turn: each inner one's pull is -0 + -0 = -0, which added to zero is +0.
            let signed: Vec<f64> = (0..n)
                .map(|i| if i % 2 == 0 { -0.0 } else { 0.0 })
                .collect();
            for x in [&x, &signed] {
                for longer in [false, true] {
                    check::<f64>(n, x, longer);
                    check::<f32>(n, &x.iter().map(|&q| q as f32).collect::<Vec<_>>(), longer);
                }
            }
        }
    }

    /// The propagator against a fine RK4 solution of y'' = −ω²y − γy' in all three damping regimes.
    #[test]
    fn propagator_follows_the_ode() {
        for &(omega2, gamma) in &[(15.0, 0.1), (4.0, 4.0), (1.0, 5.0), (0.0, 0.5), (2.0, 0.0)] {
            let h = 0.7;
            let p = Propagator::new(omega2, gamma, h);
            for &(y0, v0) in &[(1.0, 0.0), (0.0, 1.0)] {
                let f = |y: f64, v: f64| (v, -omega2 * y - gamma * v);
                let (mut y, mut v) = (y0, v0);
                let n = 20_000;
                let s = h / n as f64;
                for _ in 0..n {
                    let k1 = f(y, v);
                    let k2 = f(y + 0.5 * s * k1.0, v + 0.5 * s * k1.1);
                    let k3 = f(y + 0.5 * s * k2.0, v + 0.5 * s * k2.1);
                    let k4 = f(y + s * k3.0, v + s * k3.1);
                    y += s / 6.0 * (k1.0 + 2.0 * k2.0 + 2.0 * k3.0 + k4.0);
                    v += s / 6.0 * (k1.1 + 2.0 * k2.1 + 2.0 * k3.1 + k4.1);
                }
                let y1 = p.xx * y0 + p.xv * v0;
                let v1 = p.vx * y0 + p.vv * v0;
                assert!((y1 - y).abs() < 1e-12, "{omega2} {gamma}: {y1} vs {y}");
                assert!((v1 - v).abs() < 1e-12, "{omega2} {gamma}: {v1} vs {v}");
            }
        }
    }

    /// The analytic Jacobians against central differences of the acceleration.
    #[test]
    fn jacobians_match_finite_differences() {
        let systems = [
            System::new(
                2,
                vec![
                    Force::InverseSquare { gm: 1.3 },
                    Force::Linear {
                        first: 0,
                        anchor: vec![0.2, -0.1],
                        omega2: 2.0,
                        gamma: 0.3,
                    },
                ],
            ),
            System::new(1, vec![Force::Pendulum { g_over_l: 9.81 }]),
            System::new(4, vec![Force::Chain { k_over_m: 1000.0 }]),
        ];
        for system in &systems {
            let n = system.dim;
            let x: Vec<f64> = (0..n).map(|i| 0.7 + 0.3 * i as f64).collect();
            let v: Vec<f64> = (0..n).map(|i| -0.2 + 0.1 * i as f64).collect();
            let mut jx = Band::new(n, system.half_bandwidth());
            let mut jv = Band::new(n, system.half_bandwidth());
            for f in &system.forces {
                assert!(f.add_jacobian(&x, &mut jx, &mut jv));
            }
            let eps = 1e-6;
            for j in 0..n {
                let (mut xp, mut xm) = (x.clone(), x.clone());
                xp[j] += eps;
                xm[j] -= eps;
                let (mut vp, mut vm) = (v.clone(), v.clone());
                vp[j] += eps;
                vm[j] -= eps;
                let (mut ap, mut am) = (vec![0.0; n], vec![0.0; n]);
                let (mut bp, mut bm) = (vec![0.0; n], vec![0.0; n]);
                system.acceleration(0.0, &xp, &v, &mut ap);
                system.acceleration(0.0, &xm, &v, &mut am);
                system.acceleration(0.0, &x, &vp, &mut bp);
                system.acceleration(0.0, &x, &vm, &mut bm);
                for i in 0..n {
                    let dx = (ap[i] - am[i]) / (2.0 * eps);
                    let dv = (bp[i] - bm[i]) / (2.0 * eps);
                    // Outside the band the derivative is zero: the bandwidth is right.
                    assert!((jx.get(i, j) - dx).abs() < 1e-5 * (1.0 + dx.abs()));
                    assert!((jv.get(i, j) - dv).abs() < 1e-5 * (1.0 + dv.abs()));
                }
            }
        }
    }

    /// A pulse's increment over a step it straddles equals the kinematics of the part of the step it is on.
    #[test]
    fn pulse_increment_covers_the_part_of_the_step_it_is_on() {
        let f = Force::Pulse {
            a: vec![2.0],
            start: 1.25,
            end: 1.75,
        };
        let (mut dx, mut dv, mut s) = ([0.0], [0.0], [0.0]);
        let rest = State::new(vec![0.0], vec![0.0]);
        f.add_increment(1.0, 1.0, &rest, &mut dx, &mut dv, &mut s);
        // On for 0.5 s from τ = 0.25: v gains 1; x gains ½·2·0.5² plus 1·(1 − 0.75) coasting.
        assert!((dv[0] - 1.0).abs() < 1e-15);
        assert!((dx[0] - (0.25 + 0.25)).abs() < 1e-15);
    }
}
