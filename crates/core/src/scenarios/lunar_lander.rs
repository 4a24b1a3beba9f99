//! “True Physics”'s lunar lander: lunar gravity and a thruster fired from `burn_start` to `burn_end`.
//!
//! `m y'' = −m g + thrust · [burn_start ≤ t < burn_end]`. The force is piecewise constant, so the exact
//! solution is piecewise quadratic: with `τ(t)` the burn time so far, `min(t, end) − start` clipped at 0,
//! `v = v0 − g t + (thrust/m) τ` and `y = y0 + v0 t − ½ g t² + (thrust/m)(½ τ² + τ (t − min(t, end)))`.
//! Energy: ½mv² + m g y; the thruster does work, so the total rises during the burn. Defaults: m = 1 kg,
//! g = 1.62 m/s² (the Moon), 3 N of thrust from 2 s to 5 s, from 100 m at rest, dt = 0.5 s for 10 s. The
//! kinematic integrator is exact here at any dt, even with the burn starting or ending inside a step.

use super::{kinetic, Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth, BIG, MASS};
use crate::{articles, Error, Force, State, System};

pub struct LunarLander;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "lunar-lander",
    title: "Lunar lander",
    description: "Gravity plus a thruster fired for a while: constant forces switched on and off, which the kinematic integrator integrates exactly.",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "",
    params: &[
        MASS,
        Param::new("g", "m/s²", 1.62, 0.0, 1e4, "gravitational acceleration"),
        Param::new("thrust", "N", 3.0, -BIG, BIG, "thruster force, upwards"),
        Param::new("burn_start", "s", 2.0, 0.0, BIG, "thruster on at"),
        Param::new("burn_end", "s", 5.0, 0.0, BIG, "thruster off at"),
        Param::new("y0", "m", 100.0, -BIG, BIG, "initial height"),
        Param::new("v0", "m/s", 0.0, -BIG, BIG, "initial vertical velocity"),
    ],
    positions: &["y"],
    velocities: &["v"],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.5,
    until: 10.0,
    oscillator: None,
    fastest: None,
    scene: Scene::Lander { burn: &["burn_start", "burn_end"] },
    truth: Truth::Exact,
};

impl Scenario for LunarLander {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn validate(&self, p: &Params) -> Result<(), Error> {
        if p.get("burn_end") < p.get("burn_start") {
            return Err(Error::Inconsistent(format!(
                "burn_end = {} is before burn_start = {}",
                p.get("burn_end"),
                p.get("burn_start")
            )));
        }
        Ok(())
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            1,
            vec![
                Force::Uniform {
                    a: vec![-p.get("g")],
                },
                Force::Pulse {
                    a: vec![p.get("thrust") / p.get("m")],
                    start: p.get("burn_start"),
                    end: p.get("burn_end"),
                },
            ],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        State::new(vec![p.get("y0")], vec![p.get("v0")])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let m = p.get("m");
        Energy {
            kinetic: kinetic(m, &s.v),
            potential: m * p.get("g") * s.x[0],
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        let (g, at) = (p.get("g"), p.get("thrust") / p.get("m"));
        let (start, end) = (p.get("burn_start"), p.get("burn_end"));
        let (y0, v0) = (p.get("y0"), p.get("v0"));
        let off = t.min(end);
        let burned = (off - start).max(0.0);
        let coast = if burned > 0.0 { t - off } else { 0.0 };
        out.set(
            &[y0 + v0 * t - 0.5 * g * t * t + at * (0.5 * burned * burned + burned * coast)],
            &[v0 - g * t + at * burned],
        );
        true
    }
}
