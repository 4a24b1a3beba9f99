use super::velocity_verlet::VelocityVerlet;
use super::{exact_on_constant, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// The Forest–Ruth method (Yoshida's "triple jump"): three velocity-Verlet substeps whose lengths are
/// chosen so that their second-order errors cancel.
///
/// ```text
/// w1 = 1/(2 − ∛2),  w0 = −∛2/(2 − ∛2)           (w1 + w0 + w1 = 1; w0 < 0 steps back in time)
/// velocity Verlet over w1·dt, then w0·dt, then w1·dt
/// ```
///
/// Order 4 on position-only forces; symplectic, since each substep is; three force evaluations a step (each
/// substep's new force is the next one's old). Stable for ω dt < 1.5734 on the spring, the price of the
/// backward middle substep.
///
/// The weights cancel the second-order error only of a time-symmetric substep. With velocity-dependent
/// forces (damping, drag) velocity Verlet's substep is not one (it hands a(x, v) an estimated velocity), and
/// the lab's Forest–Ruth was once third order there. Its substep is then the symmetric one: an implicit half
/// kick, an exact drift, an explicit half kick, each kick seeing the half-step velocity,
///
/// ```text
/// v½ = v0 + a(t0, x0, v½)·h/2      (solved by iteration: it converges while h/2·|∂a/∂v| < 1)
/// x1 = x0 + v½·h
/// v1 = v½ + a(t1, x1, v½)·h/2
/// ```
///
/// (the explicit kick's adjoint is the implicit one, so the whole is its own adjoint): order 4 again, at
/// nine or more evaluations a step. Where a thruster switches, its substeps (the first and last reach past
/// the step's ends) sample the thrust on the wrong side of the switch: first order in size, with a constant
/// that jumps from level to level. tests/facts.rs measures all three. Source: Forest and Ruth (1990),
/// Yoshida (1990); the higher-order symplectic integrators Fiedler points to at the end of "Integration
/// Basics".
pub struct ForestRuth<R> {
    verlet: VelocityVerlet<R>,
    outer: R,
    inner: R,
    /// The symmetric substep's half-step velocity, its next iterate, and the acceleration.
    half: Vec<R>,
    next: Vec<R>,
    a: Vec<R>,
    /// Evaluations of the symmetric substeps.
    evaluations: u64,
}

/// The most iterations of the implicit half kick: far more than a damping or drag the lab's scenarios reach
/// needs (each gains about a digit at h/2·|∂a/∂v| = 0.1); a kick that has not converged by then keeps its
/// last iterate.
const MOST_ITERATIONS: usize = 60;

/// w1 = 1/(2 − ∛2).
const OUTER: f64 = 1.351_207_191_959_657_8;
/// w0 = −∛2/(2 − ∛2) = 1 − 2·w1.
const INNER: f64 = 1.0 - 2.0 * OUTER;

impl<R: Real> ForestRuth<R> {
    pub fn new(dim: usize) -> Self {
        ForestRuth {
            verlet: VelocityVerlet::new(dim),
            outer: R::from_f64(OUTER),
            inner: R::from_f64(INNER),
            half: vec![R::ZERO; dim],
            next: vec![R::ZERO; dim],
            a: vec![R::ZERO; dim],
            evaluations: 0,
        }
    }

    /// The time-symmetric substep for velocity-dependent forces (see the type's notes).
    fn symmetric(&mut self, system: &System<R>, t: R, h: R, state: &mut State<R>) {
        let half_h = R::HALF * h;
        self.half.copy_from_slice(&state.v);
        for _ in 0..MOST_ITERATIONS {
            system.acceleration(t, &state.x, &self.half, &mut self.a);
            self.evaluations += 1;
            let mut moved = R::ZERO;
            let mut size = R::ZERO;
            for k in 0..state.dim() {
                self.next[k] = state.v[k] + self.a[k] * half_h;
                moved = moved.max((self.next[k] - self.half[k]).abs());
                size = size.max(self.next[k].abs());
            }
            std::mem::swap(&mut self.half, &mut self.next);
            // Converged to round-off (or not a number: the step's failure is the run's to report).
            if moved <= R::EPSILON * (R::ONE + size) * R::from_f64(4.0) || !moved.is_finite() {
                break;
            }
        }
        for k in 0..state.dim() {
            state.x[k] += self.half[k] * h;
        }
        system.acceleration(t + h, &state.x, &self.half, &mut self.a);
        self.evaluations += 1;
        for k in 0..state.dim() {
            state.v[k] = self.half[k] + self.a[k] * half_h;
        }
    }
}

impl<R: Real> Integrator<R> for ForestRuth<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        self.verlet.start(system, t, state);
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        let (a, b) = (self.outer * dt, self.inner * dt);
        if system.velocity_dependent() {
            self.symmetric(system, t, a, state);
            self.symmetric(system, t + a, b, state);
            self.symmetric(system, t + a + b, a, state);
        } else {
            self.verlet.step(system, t, a, state);
            self.verlet.step(system, t + a, b, state);
            self.verlet.step(system, t + a + b, a, state);
        }
    }

    fn evaluations(&self) -> u64 {
        self.verlet.evaluations() + self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "forest-ruth",
    name: "Forest–Ruth",
    order: Some(4),
    // Order 4 where a force depends on the velocity too: its substeps are then the time-symmetric ones.
    order_on: exact_on_constant::<4>,
    evaluations: "≥3",
    evaluations_on: |class| if class.velocity_dependent { "≥9" } else { "3" },
    symplectic: true,
    rule: "three velocity-Verlet substeps: forward w1·dt, back |w0|·dt, forward w1·dt, with the weights w1 = 1/(2 − ∛2) ≈ 1.3512 and w0 = 1 − 2w1 ≈ −1.7024 (where a force reads the velocity, time-symmetric substeps whose first half kick is implicit: still order 4)",
    articles: &[&articles::FIEDLER],
    origin: "the fourth-order symplectic method of Forest and Ruth (1990) and Yoshida (1990)",
    stability: StabilityLimit::Below(1.573_401_947_434_54),
    energy: "Keeps the energy in a band (symplectic) whose width shrinks as h⁴: narrower than velocity Verlet's \
             below ω·dt ≈ 1.11 (a tenth of it at 0.5, far less at smaller steps), wider above, up to its limit.",
    style: 10,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ForestRuth::new(dim))
}
