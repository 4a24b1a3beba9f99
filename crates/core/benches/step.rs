//! Nanoseconds a step: every method on Fiedler's spring and on a 100-mass spring chain, every rotation method
//! on every spinning body, and the generic tableau stepper against a hand-written loop of the same update.
//!
//! `cargo bench -p integrator-lab --bench step`; each benchmark advances 1000 steps per iteration, so
//! criterion's time per iteration divided by 1000 is the time a step. After criterion's, the generic RK4's
//! cost against the hand-written one's is measured interleaved, as a median of ratios.

use std::hint::black_box;
use std::time::Instant;

use criterion::{criterion_group, BatchSize, BenchmarkId, Criterion, Throughput};
use integrator_lab::methods::RK4;
use integrator_lab::{ExplicitRungeKutta, Integrator, MethodId, Run, Setup, System};

const STEPS: u64 = 1000;

/// Fiedler's spring at dt = 0.01 and a 100-mass spring chain at dt = 0.001, by name.
fn setups() -> [(&'static str, Setup); 2] {
    [
        (
            "spring",
            Setup::new("spring", &[], Some(0.01), Some(10.0)).unwrap(),
        ),
        (
            "spring-chain-100",
            Setup::new(
                "spring-chain",
                &[("n".into(), 100.0)],
                Some(0.001),
                Some(1.0),
            )
            .unwrap(),
        ),
    ]
}

fn methods(c: &mut Criterion) {
    for (name, setup) in &setups() {
        let mut group = c.benchmark_group(format!("step/{name}"));
        group.throughput(Throughput::Elements(STEPS));
        for method in MethodId::ALL {
            // A fresh run each iteration (made outside the timing), so no method runs long enough to blow up.
            group.bench_function(BenchmarkId::from_parameter(method.id()), |b| {
                b.iter_batched_ref(
                    || Run::<f64>::new(setup, method),
                    |run| assert_eq!(black_box(run.advance(STEPS)), STEPS),
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

/// RK4 written out by hand over the same `System` and state vectors: the same update as the tableau-driven
/// stepper, without the tableau.
struct HandRk4 {
    k: [(Vec<f64>, Vec<f64>); 4],
    xs: Vec<f64>,
    vs: Vec<f64>,
}

impl HandRk4 {
    fn new(n: usize) -> Self {
        let z = || (vec![0.0; n], vec![0.0; n]);
        HandRk4 {
            k: [z(), z(), z(), z()],
            xs: vec![0.0; n],
            vs: vec![0.0; n],
        }
    }

    fn step(&mut self, system: &System<f64>, t: f64, dt: f64, x: &mut [f64], v: &mut [f64]) {
        let n = x.len();
        let [k1, k2, k3, k4] = &mut self.k;
        k1.0.copy_from_slice(v);
        system.acceleration(t, x, v, &mut k1.1);
        for i in 0..n {
            self.xs[i] = x[i] + 0.5 * dt * k1.0[i];
            self.vs[i] = v[i] + 0.5 * dt * k1.1[i];
        }
        k2.0.copy_from_slice(&self.vs);
        system.acceleration(t + 0.5 * dt, &self.xs, &self.vs, &mut k2.1);
        for i in 0..n {
            self.xs[i] = x[i] + 0.5 * dt * k2.0[i];
            self.vs[i] = v[i] + 0.5 * dt * k2.1[i];
        }
        k3.0.copy_from_slice(&self.vs);
        system.acceleration(t + 0.5 * dt, &self.xs, &self.vs, &mut k3.1);
        for i in 0..n {
            self.xs[i] = x[i] + dt * k3.0[i];
            self.vs[i] = v[i] + dt * k3.1[i];
        }
        k4.0.copy_from_slice(&self.vs);
        system.acceleration(t + dt, &self.xs, &self.vs, &mut k4.1);
        for i in 0..n {
            x[i] += dt / 6.0 * (k1.0[i] + 2.0 * k2.0[i] + 2.0 * k3.0[i] + k4.0[i]);
            v[i] += dt / 6.0 * (k1.1[i] + 2.0 * k2.1[i] + 2.0 * k3.1[i] + k4.1[i]);
        }
    }
}

/// RK4 on x'' = −ω²x written out with scalars, as a game would: the floor under any general code.
fn hand_rk4(x: &mut f64, v: &mut f64, omega2: f64, dt: f64) {
    let a = |x: f64| -omega2 * x;
    let (k1x, k1v) = (*v, a(*x));
    let (k2x, k2v) = (*v + 0.5 * dt * k1v, a(*x + 0.5 * dt * k1x));
    let (k3x, k3v) = (*v + 0.5 * dt * k2v, a(*x + 0.5 * dt * k2x));
    let (k4x, k4v) = (*v + dt * k3v, a(*x + dt * k3x));
    *x += dt / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    *v += dt / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
}

fn generic_against_hand_written(c: &mut Criterion) {
    let [(_, spring), (_, chain)] = setups();
    let mut group = c.benchmark_group("generic-vs-hand");
    group.throughput(Throughput::Elements(STEPS));
    for (name, setup) in [("spring", &spring), ("spring-chain-100", &chain)] {
        let system = setup.system();
        let start = setup.initial();
        // The tableau-driven stepper called directly, as the hand-written one is…
        group.bench_function(format!("rk4-generic/{name}"), |b| {
            b.iter_batched_ref(
                || (ExplicitRungeKutta::new(&RK4, system.dim), start.clone()),
                |(rk4, s)| {
                    for k in 0..STEPS {
                        rk4.step(&system, k as f64 * setup.dt, setup.dt, s);
                    }
                    black_box(s.x[0])
                },
                BatchSize::SmallInput,
            )
        });
        // …and through a Run, which adds divergence checks and keeps the last finite state.
        group.bench_function(format!("rk4-run/{name}"), |b| {
            b.iter_batched_ref(
                || Run::<f64>::new(setup, MethodId::Rk4),
                |run| black_box(run.advance(STEPS)),
                BatchSize::SmallInput,
            )
        });
        group.bench_function(format!("rk4-hand-same-system/{name}"), |b| {
            b.iter_batched_ref(
                || (HandRk4::new(system.dim), start.clone()),
                |(rk4, s)| {
                    for k in 0..STEPS {
                        rk4.step(&system, k as f64 * setup.dt, setup.dt, &mut s.x, &mut s.v);
                    }
                    black_box(s.x[0])
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.bench_function("rk4-hand-scalar", |b| {
        b.iter(|| {
            let (mut x, mut v) = (1000.0, 0.0);
            for _ in 0..STEPS {
                hand_rk4(&mut x, &mut v, black_box(15.0), black_box(0.01));
            }
            black_box((x, v))
        })
    });
    group.bench_function("symplectic-euler-generic", |b| {
        b.iter_batched_ref(
            || Run::<f64>::new(&spring, MethodId::SymplecticEuler),
            |run| black_box(run.advance(STEPS)),
            BatchSize::SmallInput,
        )
    });
    group.bench_function("symplectic-euler-hand-scalar", |b| {
        b.iter(|| {
            let (mut x, mut v) = (1000.0f64, 0.0f64);
            for _ in 0..STEPS {
                v += -black_box(15.0) * x * 0.01;
                x += v * 0.01;
            }
            black_box((x, v))
        })
    });
    group.finish();
}

/// The tableau-driven RK4 against the hand-written one over the same system, interleaved (generic, hand,
/// hand, generic, …) so that the machine's noise falls on both alike: the median of the rounds' ratios,
/// with their min and max. Criterion times each benchmark on its own, minutes apart.
fn interleaved_ratio() {
    const ROUNDS: usize = 21;
    println!(
        "\ntableau RK4 / hand-written RK4 over the same system, {ROUNDS} interleaved rounds (about 10 ms a timing):"
    );
    // Repeats of STEPS steps a timing: about 10 ms on either system.
    for ((name, setup), repeats) in setups().into_iter().zip([200, 20]) {
        let system = setup.system();
        let start = setup.initial();
        let generic = || {
            let (mut rk4, mut s) = (ExplicitRungeKutta::new(&RK4, system.dim), start.clone());
            let began = Instant::now();
            for _ in 0..repeats {
                for k in 0..STEPS {
                    rk4.step(&system, k as f64 * setup.dt, setup.dt, &mut s);
                }
            }
            black_box(s.x[0]);
            began.elapsed().as_secs_f64()
        };
        let hand = || {
            let (mut rk4, mut s) = (HandRk4::new(system.dim), start.clone());
            let began = Instant::now();
            for _ in 0..repeats {
                for k in 0..STEPS {
                    rk4.step(&system, k as f64 * setup.dt, setup.dt, &mut s.x, &mut s.v);
                }
            }
            black_box(s.x[0]);
            began.elapsed().as_secs_f64()
        };
        // One round of each first, unmeasured: caches and clocks settle.
        generic();
        hand();
        let mut ratios: Vec<f64> = (0..ROUNDS)
            .map(|round| {
                let (g, h) = if round % 2 == 0 {
                    let g = generic();
                    (g, hand())
                } else {
                    let h = hand();
                    (generic(), h)
                };
                g / h
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        println!(
            "  {name}: median {:.3} [{:.3}, {:.3}] (budget 1.10)",
            ratios[ROUNDS / 2],
            ratios[0],
            ratios[ROUNDS - 1]
        );
    }
}

/// The rotation family: every method on every spinning body, 1000 steps an iteration from the start.
fn rotation_methods(c: &mut Criterion) {
    use integrator_lab::rotation::{methods::RotationMethodId, scenarios};
    for info in scenarios::all() {
        let setup = scenarios::RotationSetup::defaults(info.id).unwrap();
        let mut group = c.benchmark_group(format!("turn/{}", info.id));
        group.throughput(Throughput::Elements(STEPS));
        for method in RotationMethodId::ALL {
            group.bench_function(BenchmarkId::from_parameter(method.id()), |b| {
                b.iter_batched_ref(
                    || setup.run(method),
                    |run| {
                        for _ in 0..STEPS {
                            black_box(run.step());
                        }
                    },
                    BatchSize::SmallInput,
                )
            });
        }
        group.finish();
    }
}

criterion_group!(
    benches,
    methods,
    rotation_methods,
    generic_against_hand_written
);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    interleaved_ratio();
}
