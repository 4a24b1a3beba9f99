//! The scenarios of the five articles. Ids, parameter names and defaults are a public contract, shared by
//! the CLI and the page's URL.
//!
//! Each scenario derives its equations of motion in its own file, and gives its forces as a [`System`], its
//! initial state, its energy and its exact solution where one exists in closed form. Where none exists
//! (pendulums) the run uses a high-accuracy reference instead, labelled as such. The metadata ([`ScenarioInfo`])
//! is plain data the front end reads through the wasm crate, so nothing about the physics is restated there.

use crate::articles::{self, Article};
use crate::{Error, State, System};

/// A parameter of a scenario, with its unit and the range it may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    pub name: &'static str,
    pub description: &'static str,
    pub unit: &'static str,
    pub default: f64,
    pub min: f64,
    pub max: f64,
    /// The minimum itself is excluded (masses, lengths, stiffnesses that must be positive).
    pub min_open: bool,
    /// Whole numbers only (the chain's number of masses).
    pub integer: bool,
}

impl Param {
    pub const fn new(
        name: &'static str,
        unit: &'static str,
        default: f64,
        min: f64,
        max: f64,
        description: &'static str,
    ) -> Self {
        Param {
            name,
            description,
            unit,
            default,
            min,
            max,
            min_open: false,
            integer: false,
        }
    }

    /// A parameter that must be strictly above `min`.
    pub const fn above(mut self) -> Self {
        self.min_open = true;
        self
    }

    pub const fn integer(mut self) -> Self {
        self.integer = true;
        self
    }

    /// The range as text: `(0, 1000000]`, `[0, 1]` (the CLI's table of parameters).
    pub fn range_text(&self) -> String {
        let open = if self.min_open { "(" } else { "[" };
        format!(
            "{open}{}, {}]",
            crate::format::number(self.min),
            crate::format::number(self.max)
        )
    }

    /// The range in words, as a message and the page say it: "more than 0 and at most 1,000,000 kg",
    /// "from 0 to 1".
    pub fn range_words(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        let (min, max) = (
            crate::format::grouped(self.min),
            crate::format::grouped(self.max),
        );
        if self.min_open {
            format!("more than {min} and at most {max}{unit}")
        } else {
            format!("from {min} to {max}{unit}")
        }
    }

    /// Checks one value against this parameter's range.
    pub fn check(&self, value: f64) -> Result<f64, Error> {
        if !value.is_finite() {
            return Err(Error::NotFinite {
                name: self.name.to_string(),
            });
        }
        let below = if self.min_open {
            value <= self.min
        } else {
            value < self.min
        };
        if below || value > self.max {
            return Err(Error::OutOfRange {
                name: self.name.to_string(),
                value,
                range: self.range_words(),
            });
        }
        if self.integer && value.fract() != 0.0 {
            return Err(Error::Inconsistent(format!(
                "{} must be a whole number (got {})",
                self.name,
                crate::format::number(value)
            )));
        }
        Ok(value)
    }
}

/// Whether a scenario's truth is a closed-form solution or a reference run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Truth {
    Exact,
    /// RK4 in f64 at a step of at most [`crate::run::REFERENCE_STEP`]: no closed form exists.
    Reference,
}

impl Truth {
    /// Its name on charts, in tables and in the CSV's column names (`exact_x`, `reference_theta`).
    pub fn label(self) -> &'static str {
        match self {
            Truth::Exact => "exact",
            Truth::Reference => "reference",
        }
    }
}

/// What a scenario is: the data the CLI lists and the page reads.
#[derive(Clone, Copy, Debug)]
pub struct ScenarioInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub description: &'static str,
    /// The articles it comes from.
    pub articles: &'static [&'static Article],
    /// Anything more to say about where it comes from; may be empty.
    pub origin: &'static str,
    pub params: &'static [Param],
    /// Position coordinate names (velocity names follow from [`Scenario::coordinates`]).
    pub positions: &'static [&'static str],
    pub velocities: &'static [&'static str],
    /// Units of the position and velocity coordinates.
    pub position_unit: &'static str,
    pub velocity_unit: &'static str,
    pub energy_unit: &'static str,
    /// The article's step and duration.
    pub dt: f64,
    pub until: f64,
    /// How the page draws it.
    pub scene: Scene,
    /// Where the scenario is a linear oscillator (or is one at small amplitude): the settings that make its
    /// angular frequency 1, so that its step is its ω·dt, for measuring each method's stability on it.
    pub oscillator: Option<Oscillator>,
    /// Where the scenario is linear with several modes of oscillation (the chain): the angular frequency of
    /// the fastest at these parameters (rad/s). A method that steps every coordinate by the same linear map
    /// steps each mode as it steps one spring, so the fastest mode sets its stable step: its limit in ω·dt on
    /// one spring, divided by this.
    pub fastest: Option<fn(&Params) -> f64>,
    pub truth: Truth,
}

impl ScenarioInfo {
    /// Where it comes from, in words.
    pub fn source(&self) -> String {
        articles::sources(self.articles, self.origin)
    }
}

/// A scenario as a unit oscillator: from a setup's parameters, the values that make ω = 1 (keeping every
/// ratio that shapes the motion: damping to stiffness, one spring to the other) and start it at position 1;
/// and the name of its initial-velocity parameter (a second start, for methods whose positions alone do not
/// reveal both modes).
#[derive(Clone, Copy, Debug)]
pub struct Oscillator {
    pub unit: fn(&Params) -> Vec<(&'static str, f64)>,
    pub velocity: Option<&'static str>,
    /// Its angular frequency ω at these parameters (rad/s), so that a run's step reads as ω·dt.
    pub omega: fn(&Params) -> f64,
    /// Whether it is an oscillator only for small swings (the pendulum: sin θ ≈ θ): ω, and every growth and
    /// stability limit stated in ω·dt, are then those of small swings. Past such a limit a wider swing may
    /// stay bounded, or run away: the run shows which.
    pub small_swings: bool,
}

/// How the page draws a scenario: the kind of picture, and the parameters the picture needs. The page has
/// one drawing for each kind and none for a scenario id, so a new scenario picks a kind here.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scene {
    /// One row a method: a block sliding along the first coordinate.
    Block,
    /// One row a method: a mass on a spring from a wall, at the first coordinate.
    Spring,
    /// One row a method: the chain's beads at rest one unit apart, displaced by the positions.
    Chain,
    /// Paths in the plane (the first two positions) over the ground y = 0.
    Ground,
    /// Paths in the plane about a centre at the origin.
    Orbit,
    /// One column a method: a lander at height given by the first coordinate, its flame shown while the
    /// time is between the two parameters' values.
    Lander { burn: &'static [&'static str; 2] },
    /// Pendulums hanging from the origin, angles the positions, lengths these parameters (one or two).
    Pendulum { lengths: &'static [&'static str] },
}

impl Scene {
    /// The kind's name, for the page.
    pub fn kind(&self) -> &'static str {
        match self {
            Scene::Block => "block",
            Scene::Spring => "spring",
            Scene::Chain => "chain",
            Scene::Ground => "ground",
            Scene::Orbit => "orbit",
            Scene::Lander { .. } => "lander",
            Scene::Pendulum { .. } => "pendulum",
        }
    }

    /// The parameters the drawing reads, by name.
    pub fn params(&self) -> &'static [&'static str] {
        match *self {
            Scene::Lander { burn } => burn,
            Scene::Pendulum { lengths } => lengths,
            _ => &[],
        }
    }

    /// Whether the picture's scale follows the last position (the chain's free end) rather than the first.
    pub fn scale_from_last(&self) -> bool {
        matches!(self, Scene::Chain)
    }
}

/// A scenario's parameter values, in the order of its [`ScenarioInfo::params`].
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub scenario: &'static str,
    /// The parameters the scenario declares, in order.
    pub declared: &'static [Param],
    pub values: Vec<f64>,
}

impl Params {
    /// The value of a parameter the scenario declares. Asking for an undeclared name is a bug in the
    /// scenario, caught by the tests that build every scenario.
    pub fn get(&self, name: &str) -> f64 {
        let i = self
            .declared
            .iter()
            .position(|p| p.name == name)
            .unwrap_or_else(|| panic!("scenario {} has no parameter {name}", self.scenario));
        self.values[i]
    }

    /// `(name, value)` pairs.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, f64)> + '_ {
        self.declared
            .iter()
            .map(|p| p.name)
            .zip(self.values.iter().copied())
    }
}

/// Kinetic and potential energy, in the scenario's energy unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Energy {
    pub kinetic: f64,
    pub potential: f64,
}

impl Energy {
    pub fn total(&self) -> f64 {
        self.kinetic + self.potential
    }
}

/// Names of the coordinates: positions, then velocities.
#[derive(Clone, Debug, PartialEq)]
pub struct Coordinates {
    pub positions: Vec<String>,
    pub velocities: Vec<String>,
}

impl Coordinates {
    /// The names a scenario's info lists (the chain's depend on its parameters: it makes its own).
    fn of(info: &ScenarioInfo) -> Self {
        Coordinates {
            positions: info.positions.iter().map(|s| s.to_string()).collect(),
            velocities: info.velocities.iter().map(|s| s.to_string()).collect(),
        }
    }
}

impl Params {
    /// The defaults with overrides by name, each checked against its range (the checks a scenario makes of
    /// the combination are [`Scenario::validate`]'s). Not generic: one body for every scenario.
    fn read(info: &ScenarioInfo, overrides: &[(String, f64)]) -> Result<Self, Error> {
        Params::of(info.id, info.params, overrides)
    }

    /// The defaults of a scenario's `declared` parameters (of either family) with overrides by name, each
    /// checked against its range.
    pub fn of(
        scenario: &'static str,
        declared: &'static [Param],
        overrides: &[(String, f64)],
    ) -> Result<Self, Error> {
        let mut values: Vec<f64> = declared.iter().map(|p| p.default).collect();
        for (name, value) in overrides {
            let i = declared
                .iter()
                .position(|p| p.name == name)
                .ok_or_else(|| Error::UnknownParameter {
                    scenario,
                    name: name.clone(),
                })?;
            values[i] = declared[i].check(*value)?;
        }
        Ok(Params {
            scenario,
            declared,
            values,
        })
    }
}

/// A closed form ready to evaluate at any time: see [`Scenario::exact_prepared`].
pub type Prepared = Box<dyn Fn(f64, &mut State<f64>) + Send + Sync>;

/// One scenario of the articles.
pub trait Scenario: Sync {
    fn info(&self) -> &'static ScenarioInfo;

    /// Coordinate names; they depend on the parameters only for the chain.
    fn coordinates(&self, _params: &Params) -> Coordinates {
        Coordinates::of(self.info())
    }

    /// The closed form with the parts common to every time computed once (the chain's normal modes), as a
    /// function writing the exact state at t; `None` where [`Scenario::exact`] costs no more (or there is no
    /// closed form).
    fn exact_prepared(&self, _params: &Params) -> Option<Prepared> {
        None
    }

    /// Each of `positions`' smallest and largest value along the closed form at `samples` + 1 evenly spaced
    /// times over [0, `until`], where the scenario reaches them faster than a whole exact state a time (see
    /// [`crate::Setup::truth_bounds`]); `None` to have them sampled that way.
    fn exact_extent(
        &self,
        _params: &Params,
        _until: f64,
        _samples: u64,
        _positions: &[usize],
    ) -> Option<Vec<(f64, f64)>> {
        None
    }

    /// What the energy column holds, as a chart's title: the total, except for a force of one's own that
    /// gives no potential (its energy is the kinetic energy alone).
    fn energy_title(&self) -> &'static str {
        "Total energy"
    }

    /// Checks what the ranges alone cannot (a burn that ends before it starts).
    fn validate(&self, _params: &Params) -> Result<(), Error> {
        Ok(())
    }

    /// The forces, each divided by the mass it acts on.
    fn system(&self, params: &Params) -> System<f64>;

    fn initial(&self, params: &Params) -> State<f64>;

    fn energy(&self, params: &Params, state: &State<f64>) -> Energy;

    /// Writes the exact state at time t into `out` (sized for the scenario) and returns true, where a closed
    /// form exists; returns false, leaving `out` alone, where none does.
    fn exact(&self, params: &Params, t: f64, out: &mut State<f64>) -> bool;

    /// Reads parameter overrides by name; the rest keep their defaults. Unknown names, non-finite values,
    /// values out of range and inconsistent combinations are errors.
    fn params(&self, overrides: &[(String, f64)]) -> Result<Params, Error> {
        let params = Params::read(self.info(), overrides)?;
        self.validate(&params)?;
        Ok(params)
    }

    fn default_params(&self) -> Params {
        self.params(&[])
            .unwrap_or_else(|e| panic!("defaults are valid: {e}"))
    }
}

// One file a scenario. Adding one is its file, its `mod` line here and its line in `registry!` below (plain
// `mod` lines, not generated ones, so that `cargo fmt` checks every file).
mod constant_force;
mod damped_spring;
mod double_pendulum;
mod drag;
mod kepler;
mod lunar_lander;
mod orbit;
mod pendulum;
mod projectile;
mod spring;
mod spring_chain;
mod two_springs;

/// The registry: one line a scenario, `module::Type`, in the order the lab lists them. The page draws a
/// scenario by its [`Scene`] kind and the tests read this list.
macro_rules! registry {
    ($($module:ident :: $scenario:ident),* $(,)?) => {
        static ALL: &[&dyn Scenario] = &[$(&$module::$scenario),*];
    };
}

registry! {
    constant_force::ConstantForce,
    projectile::Projectile,
    lunar_lander::LunarLander,
    spring::Spring,
    damped_spring::DampedSpring,
    orbit::Orbit,
    kepler::Kepler,
    two_springs::TwoSprings,
    drag::Drag,
    pendulum::Pendulum,
    double_pendulum::DoublePendulum,
    spring_chain::SpringChain,
}

/// Every scenario, in the order the lab lists them.
pub fn all() -> &'static [&'static dyn Scenario] {
    ALL
}

pub fn ids() -> Vec<&'static str> {
    ALL.iter().map(|s| s.info().id).collect()
}

pub fn get(id: &str) -> Result<&'static dyn Scenario, Error> {
    ALL.iter()
        .copied()
        .find(|s| s.info().id == id)
        .ok_or_else(|| Error::UnknownScenario(id.to_string()))
}

/// Common parameters, named once.
pub(crate) const MASS: Param = Param::new("m", "kg", 1.0, 0.0, 1e6, "mass").above();
pub(crate) const BIG: f64 = 1e9;

/// Kinetic energy ½ m |v|².
pub(crate) fn kinetic(m: f64, v: &[f64]) -> f64 {
    0.5 * m * v.iter().map(|v| v * v).sum::<f64>()
}
