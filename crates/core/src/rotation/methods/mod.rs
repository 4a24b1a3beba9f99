//! The rotation family: what real engines and papers do to step a spinning body. A method is one file here and
//! one line in the registry below: the file holds its update, its doc comment (what it keeps, what it loses,
//! who does it) and its [`RotationInfo`]. The ids are a contract shared with the CLI, the URL and the CSV; an id
//! resolves within the scenario's family (`euler` is explicit Euler on a spring and on a spinning body).
//!
//! Every step takes the body, the step and the state, and never allocates.

mod dlm;
mod euler;
mod euler_normalized;
mod implicit_body;
mod momentum_rescale;
mod no_gyroscopic;
mod rk4;
mod symplectic_euler;

use super::{Body, Spin};
use crate::Error;

/// What the lab says about a rotation method.
#[derive(Clone, Copy, Debug)]
pub struct RotationInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// Its order of accuracy on a body's motion, where it has one (`no-gyroscopic` solves another equation).
    pub order: Option<u32>,
    /// Torque evaluations a step (each reads the attitude; a free body's torque is zero, but it is asked).
    pub evaluations: u64,
    /// Whether it is symplectic on the rigid body (its flow preserves the Lie–Poisson structure).
    pub symplectic: bool,
    /// The update, in one line.
    pub rule: &'static str,
    /// What it keeps and what it loses, measured (tests/rotation.rs).
    pub behaviour: &'static str,
    /// Who does it: the engines and papers, cited as facts.
    pub who: &'static str,
    /// Its colour and marker on the page: a method of the same idea wears the point-mass family's (explicit
    /// Euler, symplectic Euler, RK4 the same; the implicit step the implicit Euler's).
    pub style: u8,
}

impl RotationInfo {
    /// Its order as the lab states it beside a measured one: "order 2", or "none (another equation)".
    pub fn stated(&self) -> String {
        self.order
            .map_or("none (another equation)".to_string(), |n| {
                format!("order {n}")
            })
    }
}

/// The rotation methods, in the order the lab lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RotationMethodId {
    Euler,
    EulerNormalized,
    SymplecticEuler,
    NoGyroscopic,
    MomentumRescale,
    ImplicitBody,
    Dlm,
    Rk4,
}

impl RotationMethodId {
    pub const ALL: [RotationMethodId; 8] = [
        RotationMethodId::Euler,
        RotationMethodId::EulerNormalized,
        RotationMethodId::SymplecticEuler,
        RotationMethodId::NoGyroscopic,
        RotationMethodId::MomentumRescale,
        RotationMethodId::ImplicitBody,
        RotationMethodId::Dlm,
        RotationMethodId::Rk4,
    ];

    pub fn info(self) -> &'static RotationInfo {
        match self {
            RotationMethodId::Euler => &euler::INFO,
            RotationMethodId::EulerNormalized => &euler_normalized::INFO,
            RotationMethodId::SymplecticEuler => &symplectic_euler::INFO,
            RotationMethodId::NoGyroscopic => &no_gyroscopic::INFO,
            RotationMethodId::MomentumRescale => &momentum_rescale::INFO,
            RotationMethodId::ImplicitBody => &implicit_body::INFO,
            RotationMethodId::Dlm => &dlm::INFO,
            RotationMethodId::Rk4 => &rk4::INFO,
        }
    }

    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The method with this id, or a message listing the rotation family's ids.
    pub fn from_id(id: &str) -> Result<RotationMethodId, Error> {
        RotationMethodId::ALL
            .into_iter()
            .find(|m| m.id() == id)
            .ok_or_else(|| {
                let known: Vec<&str> = RotationMethodId::ALL.iter().map(|m| m.id()).collect();
                Error::Inconsistent(format!(
                    "unknown rotation method '{id}' (a spinning body's methods: {})",
                    known.join(", ")
                ))
            })
    }

    /// Advances `spin` by `dt`.
    pub fn step(self, body: &Body, dt: f64, spin: &mut Spin) {
        match self {
            RotationMethodId::Euler => euler::step(body, dt, spin),
            RotationMethodId::EulerNormalized => euler_normalized::step(body, dt, spin),
            RotationMethodId::SymplecticEuler => symplectic_euler::step(body, dt, spin),
            RotationMethodId::NoGyroscopic => no_gyroscopic::step(body, dt, spin),
            RotationMethodId::MomentumRescale => momentum_rescale::step(body, dt, spin),
            RotationMethodId::ImplicitBody => implicit_body::step(body, dt, spin),
            RotationMethodId::Dlm => dlm::step(body, dt, spin),
            RotationMethodId::Rk4 => rk4::step(body, dt, spin),
        }
    }
}

/// `q ⊗ exp(½ ω dt)`, normalised: the attitude turned exactly as a constant ω turns it over `dt`.
pub(super) fn turn(spin: &mut Spin, dt: f64) {
    let w = spin.omega;
    let r = super::exp_map(&[w[0] * dt, w[1] * dt, w[2] * dt]);
    spin.q = super::normalized(&super::mul(&spin.q, &r));
}

/// The explicit Euler step of ω: `ω + dt·I⁻¹(τ − ω × Iω)`, the torque at the attitude read as a rotation.
pub(super) fn explicit_omega(body: &Body, dt: f64, spin: &Spin) -> super::Vec3 {
    let a = body.angular_acceleration(&super::normalized(&spin.q), &spin.omega);
    [
        spin.omega[0] + dt * a[0],
        spin.omega[1] + dt * a[1],
        spin.omega[2] + dt * a[2],
    ]
}
