use super::{always, Integrator, MethodInfo, StabilityLimit};
use crate::system::Band;
use crate::{articles, Real, State, System};

/// Implicit (backward) Euler.
///
/// ```text
/// v1 = v0 + a(t1, x1, v1) dt
/// x1 = x0 + v1 dt
/// ```
///
/// Substituting x1 leaves one equation in v1, `F(v1) = v1 − v0 − dt a(t1, x0 + v1 dt, v1) = 0`, solved by
/// Newton's method with the Jacobian `I − dt (dt ∂a/∂x + ∂a/∂v)`. When every force is affine in (x, v) one
/// Newton step from v0 is the exact solve; otherwise Newton iterates until the update is below a few ulps
/// (at most 50 iterations). Terms without an analytic Jacobian (the double pendulum) are differentiated by
/// central differences. The Jacobian and the Newton matrix are kept as their band (the chain's is
/// tridiagonal), and a diagonally dominant Newton matrix (the chain's always is) is solved within its band
/// without pivoting, so a step costs in proportion to the number of coordinates; any other is solved by
/// Gaussian elimination with partial pivoting.
///
/// Order 1; at least one force evaluation a step (one a Newton iteration, plus 2n for a numerical Jacobian);
/// not symplectic: it removes energy, so the dog on a rod spirals in by 1/√(1 + ω²dt²) a step, and it is
/// stable at any dt for a spring. Source: Van Verth; the physics lecture.
pub struct ImplicitEuler<R> {
    x1: Vec<R>,
    v1: Vec<R>,
    a: Vec<R>,
    residual: Vec<R>,
    jx: Band<R>,
    jv: Band<R>,
    /// Newton matrix, factorised in place.
    m: Band<R>,
    /// The Newton matrix written out, for a solve with pivoting (sized when a system needs it).
    dense: Vec<R>,
    /// The step `m` holds a factorisation for, where the forces are linear (their Jacobian is constant, so
    /// one factorisation serves every step of the run).
    factored: Option<R>,
    probe: Vec<R>,
    a_plus: Vec<R>,
    a_minus: Vec<R>,
    evaluations: u64,
}

const MAX_NEWTON: usize = 50;

impl<R: Real> ImplicitEuler<R> {
    pub fn new(dim: usize) -> Self {
        let z = |n: usize| vec![R::ZERO; n];
        ImplicitEuler {
            x1: z(dim),
            v1: z(dim),
            a: z(dim),
            residual: z(dim),
            // Sized for the system at `start`, once its bandwidth is known.
            jx: Band::new(dim, 0),
            jv: Band::new(dim, 0),
            m: Band::new(dim, 0),
            dense: Vec::new(),
            factored: None,
            probe: z(dim),
            a_plus: z(dim),
            a_minus: z(dim),
            evaluations: 0,
        }
    }

    /// ∂a/∂x and ∂a/∂v at (t1, x1, v1), analytic where the forces give them, else by central differences.
    fn jacobian(&mut self, system: &System<R>, t1: R) {
        let n = system.dim;
        self.jx.clear();
        self.jv.clear();
        let mut analytic = true;
        for force in &system.forces {
            analytic &= force.add_jacobian(&self.x1, &mut self.jx, &mut self.jv);
        }
        if analytic {
            return;
        }
        self.jx.clear();
        self.jv.clear();
        let eps = R::EPSILON.sqrt();
        for wrt_v in [false, true] {
            for j in 0..n {
                let base = if wrt_v { &self.v1 } else { &self.x1 };
                let h = eps * R::ONE.max(base[j].abs());
                for sign in [R::ONE, -R::ONE] {
                    self.probe.copy_from_slice(base);
                    self.probe[j] += sign * h;
                    let out = if sign > R::ZERO {
                        &mut self.a_plus
                    } else {
                        &mut self.a_minus
                    };
                    if wrt_v {
                        system.acceleration(t1, &self.x1, &self.probe, out);
                    } else {
                        system.acceleration(t1, &self.probe, &self.v1, out);
                    }
                    self.evaluations += 1;
                }
                let jac = if wrt_v { &mut self.jv } else { &mut self.jx };
                for i in 0..n {
                    if i.abs_diff(j) <= jac.half {
                        jac.set(i, j, (self.a_plus[i] - self.a_minus[i]) / (h + h));
                    }
                }
            }
        }
    }
}

/// Whether every row's diagonal entry outweighs the rest of the row: elimination then needs no pivoting and
/// stays within the band. (Slots of the band outside the matrix hold zeros.)
fn diagonally_dominant<R: Real>(m: &Band<R>) -> bool {
    let w = 2 * m.half + 1;
    m.data.chunks_exact(w).all(|row| {
        let off = row
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != m.half)
            .fold(R::ZERO, |s, (_, z)| s + z.abs());
        row[m.half].abs() > off
    })
}

/// Factorises `m` in place within its band, without pivoting (for a diagonally dominant `m`): U above the
/// diagonal, the reciprocals of its diagonal on it (a substitution then multiplies rather than divides), the
/// elimination's multipliers below. Entry (r, c) of the band is `data[r·w + half + c − r]`.
fn factor_band<R: Real>(m: &mut Band<R>) {
    let (n, b) = (m.n, m.half);
    let w = 2 * b + 1;
    let at = |r: usize, c: usize| r * w + b + c - r;
    let data = &mut m.data;
    for col in 0..n {
        let inverse = R::ONE / data[at(col, col)];
        data[at(col, col)] = inverse;
        let last = (col + b).min(n - 1);
        for row in col + 1..=last {
            let f = data[at(row, col)] * inverse;
            data[at(row, col)] = f;
            if f != R::ZERO {
                for k in col + 1..=last {
                    let u = data[at(col, k)];
                    data[at(row, k)] -= f * u;
                }
            }
        }
    }
}

/// Solves `m · z = rhs` in place (rhs becomes z) with `m` as [`factor_band`] left it.
fn substitute_band<R: Real>(m: &Band<R>, rhs: &mut [R]) {
    let (n, b) = (m.n, m.half);
    let w = 2 * b + 1;
    let at = |r: usize, c: usize| r * w + b + c - r;
    let data = &m.data;
    for col in 0..n {
        let r = rhs[col];
        for row in col + 1..=(col + b).min(n - 1) {
            rhs[row] -= data[at(row, col)] * r;
        }
    }
    for row in (0..n).rev() {
        let mut s = rhs[row];
        for k in row + 1..=(row + b).min(n - 1) {
            s -= data[at(row, k)] * rhs[k];
        }
        rhs[row] = s * data[at(row, row)];
    }
}

/// Solves `m · z = rhs` in place (rhs becomes z) by Gaussian elimination with partial pivoting. A singular
/// matrix leaves non-finite values, which the run reports as divergence.
fn solve<R: Real>(m: &mut [R], rhs: &mut [R]) {
    let n = rhs.len();
    for col in 0..n {
        let mut pivot = col;
        for row in col + 1..n {
            if m[row * n + col].abs() > m[pivot * n + col].abs() {
                pivot = row;
            }
        }
        if pivot != col {
            for k in 0..n {
                m.swap(col * n + k, pivot * n + k);
            }
            rhs.swap(col, pivot);
        }
        let d = m[col * n + col];
        for row in col + 1..n {
            let f = m[row * n + col] / d;
            if f != R::ZERO {
                for k in col..n {
                    let u = m[col * n + k];
                    m[row * n + k] -= f * u;
                }
                let r = rhs[col];
                rhs[row] -= f * r;
            }
        }
    }
    for row in (0..n).rev() {
        let mut s = rhs[row];
        for k in row + 1..n {
            s -= m[row * n + k] * rhs[k];
        }
        rhs[row] = s / m[row * n + row];
    }
}

impl<R: Real> Integrator<R> for ImplicitEuler<R> {
    fn start(&mut self, system: &System<R>, _: R, _: &State<R>) {
        let (n, half) = (system.dim, system.half_bandwidth());
        if self.m.n != n || self.m.half != half {
            self.jx = Band::new(n, half);
            self.jv = Band::new(n, half);
            self.m = Band::new(n, half);
            self.dense = vec![R::ZERO; n * n];
        }
        self.factored = None;
        self.evaluations = 0;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        let n = state.dim();
        let t1 = t + dt;
        let linear = system.linear();
        self.v1.copy_from_slice(&state.v);
        let tolerance = R::from_f64(4.0) * R::EPSILON;
        for _ in 0..MAX_NEWTON {
            for k in 0..n {
                self.x1[k] = state.x[k] + self.v1[k] * dt;
            }
            system.acceleration(t1, &self.x1, &self.v1, &mut self.a);
            self.evaluations += 1;
            // −F(v1), the right-hand side of the Newton step.
            for k in 0..n {
                self.residual[k] = state.v[k] + self.a[k] * dt - self.v1[k];
            }
            let banded = if self.factored == Some(dt) {
                true
            } else {
                self.factored = None;
                self.jacobian(system, t1);
                // I − dt (dt ∂a/∂x + ∂a/∂v), band by band (the three share one layout).
                for ((m, &jx), &jv) in self.m.data.iter_mut().zip(&self.jx.data).zip(&self.jv.data)
                {
                    *m = -dt * (dt * jx + jv);
                }
                let (w, half) = (2 * self.m.half + 1, self.m.half);
                for i in 0..n {
                    self.m.data[i * w + half] += R::ONE;
                }
                let dominant = diagonally_dominant(&self.m);
                if dominant {
                    factor_band(&mut self.m);
                    if linear {
                        self.factored = Some(dt);
                    }
                }
                dominant
            };
            if banded {
                substitute_band(&self.m, &mut self.residual);
            } else {
                for i in 0..n {
                    for j in 0..n {
                        self.dense[i * n + j] = self.m.get(i, j);
                    }
                }
                solve(&mut self.dense, &mut self.residual);
            }
            let (mut change, mut size) = (R::ZERO, R::ONE);
            for k in 0..n {
                self.v1[k] += self.residual[k];
                change = change.max(self.residual[k].abs());
                size = size.max(self.v1[k].abs());
            }
            // NaN fails every comparison: stop and let the run see it.
            if linear || change <= tolerance * size || !change.is_finite() {
                break;
            }
        }
        for k in 0..n {
            state.v[k] = self.v1[k];
            state.x[k] += self.v1[k] * dt;
        }
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "implicit-euler",
    name: "Implicit Euler",
    order: Some(1),
    order_on: always::<1>,
    evaluations: "≥1",
    evaluations_on: |_| "≥1",
    symplectic: false,
    rule: "v1 = v0 + a(x1, v1) dt; x1 = x0 + v1 dt, solved by Newton's method",
    articles: &[&articles::VAN_VERTH, &articles::LECTURE],
    origin: "",
    stability: StabilityLimit::Unbounded,
    energy: "Loses energy: on a spring each step divides the amplitude by √(1 + h²), because it uses the forces at the step's end.",
    style: 2,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ImplicitEuler::new(dim))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Within the band, without pivoting, a diagonally dominant tridiagonal system is solved as the dense
    /// elimination solves it.
    #[test]
    fn the_band_solve_agrees_with_the_dense_one() {
        let n = 7;
        let mut band = Band::new(n, 1);
        let mut dense = vec![0.0; n * n];
        for i in 0..n {
            for j in i.saturating_sub(1)..=(i + 1).min(n - 1) {
                let v = if i == j {
                    4.0 + i as f64
                } else {
                    -1.0 - 0.1 * (i + j) as f64
                };
                band.set(i, j, v);
                dense[i * n + j] = v;
            }
        }
        assert!(diagonally_dominant(&band));
        let rhs: Vec<f64> = (0..n).map(|i| (i as f64).sin() + 0.5).collect();
        let (mut a, mut b) = (rhs.clone(), rhs.clone());
        factor_band(&mut band);
        substitute_band(&band, &mut a);
        solve(&mut dense, &mut b);
        for (p, q) in a.iter().zip(&b) {
            assert!((p - q).abs() < 1e-14, "{p} {q}");
        }
        // A matrix whose diagonal does not dominate goes to the solve with pivoting.
        let mut weak = Band::new(2, 1);
        for (i, j, v) in [(0, 0, 0.0), (0, 1, 2.0), (1, 0, 1.0), (1, 1, 1.0)] {
            weak.set(i, j, v);
        }
        assert!(!diagonally_dominant(&weak));
    }

    #[test]
    fn gaussian_elimination_solves_with_pivoting() {
        // A zero on the diagonal needs the row swap.
        let mut m = vec![0.0, 2.0, 1.0, 1.0, 1.0, 0.0, 2.0, 0.0, 3.0];
        let want = [1.0, -2.0, 0.5];
        let mut rhs = vec![
            2.0 * want[1] + want[2],
            want[0] + want[1],
            2.0 * want[0] + 3.0 * want[2],
        ];
        solve(&mut m, &mut rhs);
        for (z, w) in rhs.iter().zip(want) {
            assert!((z - w).abs() < 1e-14);
        }
    }
}
