//! # Integrator Lab: the physics
//!
//! Integrators for Newton's equations of motion as game and simulation programmers meet them (explicit,
//! symplectic and implicit Euler, the Verlet family, Runge–Kutta and the kinematic integrator), the
//! scenarios of the five articles the lab grows from, their exact solutions, and the analysis the lab plots.
//! Pure Rust, std only, no `unsafe`.
//!
//! ```
//! use integrator_lab::{MethodId, Run, Setup};
//!
//! // Fiedler's constant force at dt = 1: explicit Euler lands at 450 m where the truth is 500 m.
//! let setup = Setup::defaults("constant-force").unwrap();
//! let mut run = Run::<f64>::new(&setup, MethodId::Euler);
//! run.advance(setup.steps());
//! assert_eq!(run.state().x[0], 450.0);
//! ```

#![forbid(unsafe_code)]

pub mod analysis;
pub mod articles;
pub mod chaos;
pub mod claims;
pub mod csv;
mod error;
pub mod experiments;
pub mod format;
#[cfg(feature = "language")]
pub mod language;
pub mod math;
pub mod methods;
pub mod permalink;
mod real;
pub mod request;
pub mod rotation;
pub mod run;
pub mod scenarios;
pub mod session;
pub mod shadow;
mod state;
pub mod system;
#[cfg(feature = "worksheets")]
pub mod worksheets;

pub use error::Error;
pub use methods::{ExplicitRungeKutta, Integrator, Method, MethodId, MethodInfo, StabilityLimit};
pub use real::{Precision, Real};
pub use run::{AnyRun, Run, Setup, Stride, TruthRun};
pub use scenarios::{Coordinates, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth};
pub use session::Session;
pub use state::State;
pub use system::{Force, System};
