//! The integrators. A method is one file here and one line in the registry below: the file holds the type,
//! its doc comment (update rule, order, force evaluations a step, whether it is symplectic, where it comes
//! from), its [`MethodInfo`] and a `build` function. Everything else (the CLI's list, the page's catalogue,
//! the colours, the tests that run every method) reads the registry.
//!
//! Method ids are a contract shared by the CLI, the page's URL and the CSV.

mod runge_kutta;

pub use kinematic::Kinematic;
pub use runge_kutta::{ExplicitRungeKutta, Tableau};
pub use {euler::EULER, midpoint::MIDPOINT, rk4::RK4};

use crate::articles::Article;
use crate::system::{ForceClass, Switching};
use crate::{Error, Real, State, System};

/// A time-stepping method. `start` is called once before the first step; `step` advances the state by `dt`
/// and never allocates: scratch space is sized when the method is made.
pub trait Integrator<R: Real>: Send {
    /// Readies the method for a run from `state` at time `t` (clears any history of an earlier run).
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>);
    /// Advances `state` from `t` to `t + dt`.
    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>);
    /// Force evaluations (calls of the total acceleration, or of every term's increment) since `start`.
    fn evaluations(&self) -> u64;
    /// Why the method stopped, where it failed in a way of its own (a student's rule that hit an error): the
    /// state it left is not finite, so the run ends there as a diverged one, and this says why.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// What a run steps with: one of the lab's methods, or (feature `language`) a student's rule.
#[derive(Clone, Debug)]
pub enum Method {
    Builtin(MethodId),
    #[cfg(feature = "language")]
    Rule(std::sync::Arc<crate::language::Rule>),
}

impl Method {
    /// The id the CLI, the URL and the CSV use: a method's, or `yours` for a rule.
    pub fn id(&self) -> &'static str {
        match self {
            Method::Builtin(m) => m.id(),
            #[cfg(feature = "language")]
            Method::Rule(_) => "yours",
        }
    }

    /// The built-in method, where it is one.
    pub fn builtin(&self) -> Option<MethodId> {
        match self {
            Method::Builtin(m) => Some(*m),
            #[cfg(feature = "language")]
            Method::Rule(_) => None,
        }
    }

    /// Makes the method for a system (`system` is the setup's, in f64: a rule evaluates it as it is).
    pub fn build<R: Real>(&self, system: &System<f64>) -> Box<dyn Integrator<R>> {
        match self {
            Method::Builtin(m) => m.build(system.dim),
            #[cfg(feature = "language")]
            Method::Rule(rule) => Box::new(crate::language::RuleIntegrator::new(rule, system)),
        }
    }
}

impl From<MethodId> for Method {
    fn from(m: MethodId) -> Self {
        Method::Builtin(m)
    }
}

impl From<&Method> for Method {
    fn from(m: &Method) -> Self {
        m.clone()
    }
}

/// A method's stability on the undamped spring, as a bound on ω·dt.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StabilityLimit {
    /// Unstable at every ω·dt > 0 (the amplitude grows every step).
    None,
    /// Stable for ω·dt up to this value.
    Below(f64),
    /// Stable at every ω·dt (in a scan, every one tried).
    Unbounded,
}

impl StabilityLimit {
    /// The bound as the CLI and the page print it: `none`, `2.8284`, `any`.
    pub fn text(self) -> String {
        match self {
            StabilityLimit::None => "none".to_string(),
            StabilityLimit::Below(h) => format!("{h:.4}"),
            StabilityLimit::Unbounded => "any".to_string(),
        }
    }

    /// The limit in words, as the page's tooltips and explanations say it: "stable while ω·dt < 2.0000",
    /// "unstable at every ω·dt", "stable at any ω·dt". The page shows this sentence and never builds one
    /// from [`text`](Self::text).
    pub fn sentence(self) -> String {
        match self {
            StabilityLimit::None => "unstable at every ω·dt".to_string(),
            StabilityLimit::Below(_) => format!("stable while ω·dt < {}", self.text()),
            StabilityLimit::Unbounded => "stable at any ω·dt".to_string(),
        }
    }

    /// The limit as a step, on a setup whose (fastest) angular frequency is `omega` rad/s: "dt < 0.02522 s
    /// here", "unstable at every dt", "stable at any dt".
    pub fn as_step(self, omega: f64) -> String {
        match self {
            StabilityLimit::None => "unstable at every dt".to_string(),
            StabilityLimit::Below(h) => {
                format!("dt < {} s here", crate::format::significant(h / omega, 4))
            }
            StabilityLimit::Unbounded => "stable at any dt".to_string(),
        }
    }

    /// The bound as a number: 0 for none, +∞ for any.
    pub fn bound(self) -> f64 {
        match self {
            StabilityLimit::None => 0.0,
            StabilityLimit::Below(h) => h,
            StabilityLimit::Unbounded => f64::INFINITY,
        }
    }
}

/// What a method promises on a kind of force: exact to round-off, or an order of accuracy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    Exact,
    Order(u32),
}

impl Expected {
    pub fn text(self) -> String {
        match self {
            Expected::Exact => "exact".to_string(),
            Expected::Order(n) => format!("order {n}"),
        }
    }
}

/// The same order on every kind of force.
pub(crate) fn always<const N: u32>(_: &ForceClass) -> Expected {
    Expected::Order(N)
}

/// Exact where nothing depends on the state (constant pushes: the position is a parabola the method
/// integrates exactly), order `N` elsewhere; first order where a thruster switches, since the method
/// samples it at a step's end (or inside the step) and so takes a whole step of thrust too many or too few.
pub(crate) fn exact_on_constant<const N: u32>(class: &ForceClass) -> Expected {
    if class.switching != Switching::None {
        Expected::Order(1)
    } else if class.state_terms == 0 {
        Expected::Exact
    } else {
        Expected::Order(N)
    }
}

/// As [`exact_on_constant`], but order `V` where a force depends on the velocity and `N` where none does: for
/// methods whose velocity-dependent forces see a velocity that costs them order (leapfrog's half-step
/// velocity; Forest–Ruth's substeps, then not quite time-symmetric).
pub(crate) fn exact_on_constant_else<const V: u32, const N: u32>(class: &ForceClass) -> Expected {
    match exact_on_constant::<N>(class) {
        Expected::Order(n) if n == N && class.velocity_dependent => Expected::Order(V),
        other => other,
    }
}

/// What the lab says about a method.
#[derive(Clone, Copy, Debug)]
pub struct MethodInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// Global order of accuracy on smooth position-only forces; `None` for the kinematic integrator, whose
    /// order depends on the forces. What holds on a given scenario is [`MethodInfo::order_on`].
    pub order: Option<u32>,
    /// The order (or exactness) of the positions on a system with these kinds of force, as the convergence
    /// matrix (tests/facts.rs) measures it on every scenario.
    pub order_on: fn(&ForceClass) -> Expected,
    /// Force evaluations a step, as text (`"1"`, `"1–2"`, `"≥1"`): on any force.
    pub evaluations: &'static str,
    /// Force evaluations a step on a setup's kinds of force (velocity Verlet's `"1"` where no force depends
    /// on the velocity, `"2"` where one does).
    pub evaluations_on: fn(&ForceClass) -> &'static str,
    pub symplectic: bool,
    /// The update rule, in one line.
    pub rule: &'static str,
    /// The articles that use it.
    pub articles: &'static [&'static Article],
    /// Anything more to say about where it comes from (a classical name, a variant); may be empty.
    pub origin: &'static str,
    /// The theory's stability limit on the undamped spring (the lab also measures it: `analysis`).
    pub stability: StabilityLimit,
    /// What it does to an oscillator's energy, and why, in a sentence (h = ω·dt): tests/stability.rs checks
    /// each growth a step it states against the method's own output.
    pub energy: &'static str,
    /// Which look the page gives it (a colour for each theme and a marker shape, the
    /// second cue for readers who cannot tell the colours apart). Distinct for every method.
    pub style: u8,
}

impl MethodInfo {
    /// Where it comes from, in words: the articles by name, then the origin note.
    pub fn source(&self) -> String {
        crate::articles::sources(self.articles, self.origin)
    }

    /// Whether it is symplectic on a system with these kinds of force. The lab's symplectic methods are so
    /// for forces of the position alone (a separable energy, ½v² + V(x)): not where a force reads the
    /// velocity, whether it takes energy out (damping, drag) or, as in the double pendulum's angles, the
    /// energy itself mixes the positions and the velocities.
    pub fn symplectic_on(&self, class: &ForceClass) -> bool {
        self.symplectic && !class.velocity_dependent
    }

    /// What it does to the energy on these kinds of force, in a sentence: its own [`MethodInfo::energy`]
    /// where that holds, and why a symplectic method's promise does not hold where it is not symplectic, or
    /// where the motion is not bounded (tests/energy.rs checks each statement on every scenario).
    pub fn energy_on(&self, class: &ForceClass) -> String {
        if !self.symplectic {
            return self.energy.to_string();
        }
        if self.symplectic_on(class) && class.state_terms == 0 {
            // Constant forces: a parabola, no oscillation to keep a band about.
            let steady = ForceClass {
                switching: Switching::None,
                ..*class
            };
            // Exact positions are not an exact energy where the velocity reported is half a step off
            // (leapfrog's).
            let exact = (self.order_on)(&steady) == Expected::Exact && self.id != "leapfrog";
            return if !exact {
                let thrust = if class.switching != Switching::None {
                    " Where a thruster switches, it is also off by the work of the thrust it takes a step early \
                     or late."
                } else {
                    ""
                };
                format!(
                    "Symplectic, but under constant forces the motion is not bounded, and no band is kept: its \
                     energy is off by about ½·m·a·v·dt, which follows the speed v (symplectic Euler's, the speed \
                     gained since the start; leapfrog's, the speed) and grows with it.{thrust}"
                )
            } else if class.switching != Switching::None {
                "Exact between switches under constant forces, energy included; a thruster does work here: \
                 while it burns the energy changes, as the truth's does, and between burns it is kept."
                    .to_string()
            } else {
                "Exact under constant forces: it follows the parabola, energy included.".to_string()
            };
        }
        if self.symplectic_on(class) {
            return self.energy.to_string();
        }
        if class.coupled {
            "Symplectic only where the forces depend on the positions alone; not here: in the angles the lab \
             steps, the double pendulum's kinetic energy depends on the angles and its acceleration on the \
             velocities, so no energy is kept in a band: it wanders, and over a run its largest error can \
             exceed RK4's."
                .to_string()
        } else {
            "Symplectic only where the forces depend on the positions alone; not here: a force reads the \
             velocity (damping or drag) and takes energy out, and the method's energy falls with the truth's, \
             with no band to keep."
                .to_string()
        }
    }
}

// One file a method. Adding one is its file, its `mod` line here and its line in `registry!` below (plain
// `mod` lines, not generated ones, so that `cargo fmt` checks every file).
mod euler;
mod forest_ruth;
mod implicit_euler;
mod kinematic;
mod kinematic_average;
mod leapfrog;
mod midpoint;
mod rk4;
mod symplectic_euler;
mod velocity_verlet;
mod verlet;

/// The registry: one line a method, `Variant => module`, in the order the lab lists them.
macro_rules! registry {
    ($($variant:ident => $module:ident),* $(,)?) => {
        /// The methods the lab offers, in the order it lists them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum MethodId {
            $($variant),*
        }

        impl MethodId {
            pub const ALL: [MethodId; [$(MethodId::$variant),*].len()] = [$(MethodId::$variant),*];

            pub fn info(self) -> &'static MethodInfo {
                match self {
                    $(MethodId::$variant => &$module::INFO),*
                }
            }

            /// Makes the method for `dim` coordinates.
            pub fn build<R: Real>(self, dim: usize) -> Box<dyn Integrator<R>> {
                match self {
                    $(MethodId::$variant => $module::build(dim)),*
                }
            }
        }
    };
}

registry! {
    Euler => euler,
    SymplecticEuler => symplectic_euler,
    ImplicitEuler => implicit_euler,
    Verlet => verlet,
    VelocityVerlet => velocity_verlet,
    Leapfrog => leapfrog,
    Midpoint => midpoint,
    Rk4 => rk4,
    Kinematic => kinematic,
    KinematicAverage => kinematic_average,
    ForestRuth => forest_ruth,
}

impl MethodId {
    pub fn id(self) -> &'static str {
        self.info().id
    }

    pub fn from_id(id: &str) -> Result<Self, Error> {
        MethodId::ALL
            .into_iter()
            .find(|m| m.id() == id)
            .ok_or_else(|| Error::UnknownMethod(id.to_string()))
    }

    /// Reads a comma-separated list of ids, in the order given.
    pub fn parse_list(list: &str) -> Result<Vec<Self>, Error> {
        let ids: Vec<Self> = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(Self::from_id)
            .collect::<Result<_, _>>()?;
        if ids.is_empty() {
            return Err(Error::NoMethods);
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_styles_are_distinct() {
        for (i, m) in MethodId::ALL.iter().enumerate() {
            for n in &MethodId::ALL[..i] {
                assert_ne!(m.id(), n.id());
                assert_ne!(m.info().style, n.info().style, "{} and {}", m.id(), n.id());
            }
            assert_eq!(MethodId::from_id(m.id()), Ok(*m));
            // Its source: one of the five articles, or (a method a class adds, docs/teaching.md's Heun) an
            // origin of its own.
            let i = m.info();
            assert!(
                !i.articles.is_empty() || !i.origin.is_empty(),
                "{} names no source",
                m.id()
            );
        }
    }

    #[test]
    fn tableaus_are_consistent() {
        assert!(EULER.is_consistent());
        assert!(MIDPOINT.is_consistent());
        assert!(RK4.is_consistent());
        let broken = Tableau {
            a: [[0.0, 0.0], [0.4, 0.0]],
            ..MIDPOINT
        };
        assert!(!broken.is_consistent());
    }
}
