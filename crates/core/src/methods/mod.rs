//! The integrators. Each is a small type beside the facts about it: update rule, order, force evaluations a
//! step, whether it is symplectic, and where it comes from. [`MethodId`] is the public list of them; its ids
//! are a contract shared by the CLI, the page's URL and the CSV.

mod implicit;
mod kinematic;
mod runge_kutta;
mod symplectic_euler;
mod verlet;

pub use implicit::ImplicitEuler;
pub use kinematic::Kinematic;
pub use runge_kutta::{ExplicitRungeKutta, Tableau, EULER, MIDPOINT, RK4};
pub use symplectic_euler::SymplecticEuler;
pub use verlet::{Leapfrog, PositionVerlet, VelocityVerlet};

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
}

/// The methods the lab offers, in the order it lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MethodId {
    Euler,
    SymplecticEuler,
    ImplicitEuler,
    Verlet,
    VelocityVerlet,
    Leapfrog,
    Midpoint,
    Rk4,
    Kinematic,
    KinematicAverage,
}

/// What the lab says about a method.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MethodInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// Global order of accuracy on smooth problems; `None` for the kinematic integrator, which is exact for
    /// one constant force or one spring, second order for several exactly integrated forces, and first order
    /// where a force falls back to semi-implicit Euler.
    pub order: Option<u32>,
    /// Force evaluations a step, as text (`"1"`, `"1–2"`, `"≥1"`).
    pub evaluations: &'static str,
    pub symplectic: bool,
    pub rule: &'static str,
    pub source: &'static str,
}

impl MethodId {
    pub const ALL: [MethodId; 10] = [
        MethodId::Euler,
        MethodId::SymplecticEuler,
        MethodId::ImplicitEuler,
        MethodId::Verlet,
        MethodId::VelocityVerlet,
        MethodId::Leapfrog,
        MethodId::Midpoint,
        MethodId::Rk4,
        MethodId::Kinematic,
        MethodId::KinematicAverage,
    ];

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

    pub fn info(self) -> MethodInfo {
        let (id, name, order, evaluations, symplectic, rule, source) = match self {
            MethodId::Euler => (
                "euler",
                "Explicit Euler",
                Some(1),
                "1",
                false,
                "x += v dt; v += a(x_old, v_old) dt",
                "Fiedler, Integration Basics (seed 001)",
            ),
            MethodId::SymplecticEuler => (
                "symplectic-euler",
                "Symplectic Euler",
                Some(1),
                "1",
                true,
                "v += a(x, v) dt; x += v_new dt",
                "Fiedler (001), Van Verth (003)",
            ),
            MethodId::ImplicitEuler => (
                "implicit-euler",
                "Implicit Euler",
                Some(1),
                "≥1",
                false,
                "v1 = v0 + a(x1, v1) dt; x1 = x0 + v1 dt, solved by Newton's method",
                "Van Verth (003), physics lecture (004)",
            ),
            MethodId::Verlet => (
                "verlet",
                "Position Verlet",
                Some(2),
                "1",
                true,
                "x+ = 2x − x− + a dt²; v = (x − x−)/dt + a dt/2",
                "Störmer–Verlet; Van Verth (003), physics lecture (004)",
            ),
            MethodId::VelocityVerlet => (
                "velocity-verlet",
                "Velocity Verlet",
                Some(2),
                "1–2",
                true,
                "x += v dt + a dt²/2; v += a dt; a' = a(x, v); v += (a' − a) dt/2",
                "seed 002 (with its velocity estimate for velocity-dependent forces)",
            ),
            MethodId::Leapfrog => (
                "leapfrog",
                "Leapfrog",
                Some(2),
                "1",
                true,
                "v(i+½) = v(i−½) + a(i) dt; x(i+1) = x(i) + v(i+½) dt",
                "Van Verth (003)",
            ),
            MethodId::Midpoint => (
                "midpoint",
                "Midpoint (RK2)",
                Some(2),
                "2",
                false,
                "k1 = f(y); y += dt f(y + k1 dt/2)",
                "Van Verth (003), physics lecture (004)",
            ),
            MethodId::Rk4 => (
                "rk4",
                "Runge–Kutta 4",
                Some(4),
                "4",
                false,
                "y += dt (k1 + 2k2 + 2k3 + k4)/6",
                "Fiedler (001)",
            ),
            MethodId::Kinematic => (
                "kinematic",
                "Kinematic integrator",
                None,
                "1",
                false,
                "v1 = v0 + Σdv; x1 = x0 + v0 dt + Σdx, each force its exact (dx, dv)",
                "True Physics (seed 000)",
            ),
            MethodId::KinematicAverage => (
                "kinematic-average",
                "Kinematic, average acceleration",
                Some(2),
                "1",
                false,
                "v1 = v0 + Σdv; x1 = x0 + v0 dt + ½ Σdv dt",
                "True Physics (seed 000)",
            ),
        };
        MethodInfo {
            id,
            name,
            order,
            evaluations,
            symplectic,
            rule,
            source,
        }
    }

    /// Makes the method for `dim` coordinates.
    pub fn build<R: Real>(self, dim: usize) -> Box<dyn Integrator<R>> {
        match self {
            MethodId::Euler => Box::new(ExplicitRungeKutta::new(&EULER, dim)),
            MethodId::SymplecticEuler => Box::new(SymplecticEuler::new(dim)),
            MethodId::ImplicitEuler => Box::new(ImplicitEuler::new(dim)),
            MethodId::Verlet => Box::new(PositionVerlet::new(dim)),
            MethodId::VelocityVerlet => Box::new(VelocityVerlet::new(dim)),
            MethodId::Leapfrog => Box::new(Leapfrog::new(dim)),
            MethodId::Midpoint => Box::new(ExplicitRungeKutta::new(&MIDPOINT, dim)),
            MethodId::Rk4 => Box::new(ExplicitRungeKutta::new(&RK4, dim)),
            MethodId::Kinematic => Box::new(Kinematic::new(dim, false)),
            MethodId::KinematicAverage => Box::new(Kinematic::new(dim, true)),
        }
    }
}
