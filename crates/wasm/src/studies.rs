//! The studies tier's surface (feature `studies`): the studies the page runs in a worker (convergence,
//! stability at a chosen ω·dt, the experiments and their measurements) and each method's facts on a
//! scenario. The base tier leaves all of it out, so that an embed or a first visit loads less.

use integrator_lab::analysis::{self, stability_limit, Growth};
use integrator_lab::chaos::Trust;
use integrator_lab::{experiments, format, Method, MethodId, StabilityLimit};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js_error, read_spec, resolve_spec, to_js};
use integrator_lab::request::Spinning;
use integrator_lab::rotation;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "StabilityInfo"))]
pub(crate) struct StabilityView {
    method: &'static str,
    /// The largest stable ω·dt, measured and in theory, as text (`none`, `2.0000`, `any`) and as a number
    /// (0 for none, +∞ for any).
    measured: String,
    measured_bound: f64,
    theory: String,
    theory_bound: f64,
}

/// Each method's largest stable ω·dt on the undamped spring, measured and in theory.
#[wasm_bindgen]
pub fn stability() -> Result<JsValue, JsError> {
    let rows: Vec<StabilityView> = MethodId::ALL
        .iter()
        .map(|&m| {
            let (measured, theory) = (stability_limit(m), m.info().stability);
            StabilityView {
                method: m.id(),
                measured: measured.text(),
                measured_bound: measured.bound(),
                theory: theory.text(),
                theory_bound: theory.bound(),
            }
        })
        .collect();
    to_js(&rows)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "OrdersOn"))]
pub(crate) struct OrdersView {
    /// The setup's kinds of force, in words.
    forces: String,
    /// Each method's order there ("order 2", "exact"): (method id, order) pairs.
    orders: Vec<(&'static str, String)>,
    /// Each method's force evaluations a step there ("1", "2", "≥1"): (method id, count) pairs.
    evaluations: Vec<(&'static str, &'static str)>,
    /// ω·dt of the run, where the scenario is an oscillator, or of its fastest mode where it has several.
    #[cfg_attr(test, ts(optional))]
    omega_dt: Option<f64>,
    /// What ω is there: "the oscillation's angular frequency", its small swings', or its fastest mode's.
    omega_is: &'static str,
    /// Whether ω, the growths and the stability limits hold for small swings only (the pendulum): past such a
    /// limit a wider swing may stay bounded, or run away.
    small_swings: bool,
    /// Each method's growth of the amplitude a step at this run's ω·dt, where the scenario is an oscillator,
    /// as (method id, factor, the factor as text, the core's word for it: "grows", "shrinks", "keeps").
    #[cfg_attr(test, ts(type = "Array<[string, number, string, GrowthWord]>"))]
    growth: Vec<(&'static str, f64, String, &'static str)>,
    /// Each method's energy statement on these forces (a symplectic method's band only where it holds):
    /// (method id, sentence) pairs.
    energy: Vec<(&'static str, String)>,
    /// The methods that are symplectic on these forces (not where a force reads the velocity).
    symplectic: Vec<&'static str>,
}

/// What each method's positions promise on the spec's scenario at its dt and parameters.
#[wasm_bindgen(js_name = ordersOn)]
pub fn orders_on(spec: JsValue) -> Result<JsValue, JsError> {
    let setup = resolve_spec(spec).map_err(js_error)?.setup;
    let class = setup.class();
    // Each method's growth a step at this run's ω·dt, where the scenario is an oscillator.
    let growth: Vec<(MethodId, f64)> = match setup.omega_dt() {
        Some(h) => MethodId::ALL
            .iter()
            .filter_map(|&m| Some((m, analysis::amplification_on(m, &setup, h)?)))
            .collect(),
        None => Vec::new(),
    };
    to_js(&OrdersView {
        forces: class.describe(),
        omega_is: if setup.small_swings() {
            "the angular frequency of its small swings"
        } else if setup.scenario.info().oscillator.is_some() {
            "the oscillation's angular frequency"
        } else {
            "the angular frequency of the fastest of its modes, which sets every method's stable step"
        },
        evaluations: MethodId::ALL
            .iter()
            .map(|m| (m.id(), (m.info().evaluations_on)(&class)))
            .collect(),
        omega_dt: setup.omega().map(|w| w * setup.dt),
        small_swings: setup.small_swings(),
        growth: growth
            .iter()
            .map(|&(m, g)| (m.id(), g, format::factor(g), Growth::of(g).word()))
            .collect(),
        orders: analysis::orders_on(&setup)
            .into_iter()
            .map(|(m, o)| (m.id(), o.text()))
            .collect(),
        energy: MethodId::ALL
            .iter()
            .map(|&m| {
                let g = growth.iter().find(|(n, _)| *n == m).map(|&(_, g)| g);
                (m.id(), analysis::energy_on_setup(m, &setup, g))
            })
            .collect(),
        symplectic: MethodId::ALL
            .iter()
            .filter(|m| m.info().symplectic_on(&class))
            .map(|m| m.id())
            .collect(),
    })
}

/// A stability limit as data: its bound (0 for none, +∞ for any), its text in a table (`none`, `2.0000`,
/// `any`) and the core's sentence for it; on a setup, the step it allows there ("dt < 0.02522 s here"). The
/// page branches on none of the text.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "StabilityLimit"))]
pub(crate) struct LimitView {
    bound: f64,
    text: String,
    sentence: String,
    #[cfg_attr(test, ts(optional))]
    here: Option<String>,
}

impl From<StabilityLimit> for LimitView {
    fn from(limit: StabilityLimit) -> Self {
        LimitView {
            bound: limit.bound(),
            text: limit.text(),
            sentence: limit.sentence(),
            here: None,
        }
    }
}

/// Each method's largest stable ω·dt on the spec's scenario where it is an oscillator (measured at ω = 1,
/// with the spec's parameters' ratios), as (method id, limit) pairs; empty where it is not an oscillator.
/// `method` asks for that method's alone: each is a search of up to a few tens of milliseconds, which the
/// page asks one at a time so that no one task holds it.
#[wasm_bindgen(js_name = stabilityOn)]
pub fn stability_on(spec: JsValue, method: Option<String>) -> Result<JsValue, JsError> {
    let setup = resolve_spec(spec).map_err(js_error)?.setup;
    let omega = setup.omega();
    let small = if setup.small_swings() {
        " for small swings"
    } else {
        ""
    };
    let limits: Vec<(&'static str, LimitView)> = MethodId::ALL
        .iter()
        .filter(|m| method.as_deref().is_none_or(|id| m.id() == id))
        .filter_map(|&m| {
            let limit = analysis::stability_limit_on(m, &setup)?;
            let view = LimitView {
                here: omega.map(|w| format!("{}{small}", limit.as_step(w))),
                ..limit.into()
            };
            Some((m.id(), view))
        })
        .collect();
    to_js(&limits)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ExperimentInfo"))]
pub(crate) struct ExperimentView {
    id: &'static str,
    article: &'static str,
    title: &'static str,
    query: &'static str,
    look: &'static str,
    claim: &'static str,
}

/// The guided experiments, without their measurements (see `measureExperiment`).
#[wasm_bindgen]
pub fn experiments() -> Result<JsValue, JsError> {
    let list: Vec<ExperimentView> = experiments::all()
        .iter()
        .map(|e| ExperimentView {
            id: e.id,
            article: e.article.id,
            title: e.title,
            query: e.query,
            look: e.look,
            claim: e.claim,
        })
        .collect();
    to_js(&list)
}

/// One experiment's measurement, made now by the core (up to a few hundred milliseconds).
#[wasm_bindgen(js_name = measureExperiment)]
pub fn measure_experiment(id: &str) -> Result<String, JsError> {
    let e =
        experiments::get(id).ok_or_else(|| JsError::new(&format!("unknown experiment '{id}'")))?;
    e.measure().map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "StabilityPoint"))]
pub(crate) struct StabilityPoint {
    method: &'static str,
    /// Growth of the amplitude a step, as a number and as text, and the core's word for it ("grows",
    /// "shrinks", "keeps").
    growth: f64,
    growth_text: String,
    #[cfg_attr(test, ts(type = "GrowthWord"))]
    growth_word: &'static str,
    /// Relative energy change over one period, as a number and as text (a signed percentage, or a factor
    /// past tenfold).
    energy_per_period: f64,
    energy_text: String,
}

/// Every method's growth a step and energy change a period on the undamped spring at this ω·dt.
#[wasm_bindgen(js_name = stabilityAt)]
pub fn stability_at(omega_dt: f64) -> Result<JsValue, JsError> {
    let rows: Vec<StabilityPoint> = analysis::stability_at(omega_dt)
        .map_err(js_error)?
        .into_iter()
        .map(|(m, growth, energy_per_period)| StabilityPoint {
            method: m.id(),
            growth,
            growth_text: format::factor(growth),
            growth_word: Growth::of(growth).word(),
            energy_per_period,
            energy_text: format::percent(energy_per_period),
        })
        .collect();
    to_js(&rows)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ConvergenceSeries"))]
pub(crate) struct ConvergenceView {
    method: &'static str,
    dt: Vec<f64>,
    evaluations: Vec<f64>,
    error: Vec<f64>,
    /// The settled order, where the study shows one.
    #[cfg_attr(test, ts(optional))]
    fitted_order: Option<f64>,
    /// What the study says, in words ("order 2.00", "exact to round-off", "not yet asymptotic: …").
    verdict: String,
    /// What the method states for this scenario's forces ("order 2", "exact").
    stated: String,
    /// Where the errors stop short of the run (the reference's horizon, past which it is not known), in words.
    #[cfg_attr(test, ts(optional))]
    horizon: Option<String>,
}

/// Half-steps a second reference may take for the page: runs of up to 200 s at the reference's 1e-4 s.
const MAX_TRUST_STEPS: f64 = 4e6;

/// What a reference run is worth over a spec's run: in words, and where it stops being known.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ReferenceTrust"))]
pub(crate) struct TrustView {
    /// Where a second reference at half its step parts from it, or how close the two stay, in words.
    note: String,
    /// The time from which the reference, and every error against it, is not known (its horizon).
    #[cfg_attr(test, ts(optional))]
    horizon: Option<f64>,
    /// The reference's uncertainty (its largest difference in a position coordinate from one at half its step)
    /// every `every` seconds from t = 0: at most [`TRUST_POINTS`] values, the largest of each stretch.
    uncertainty: Vec<f64>,
    every: f64,
}

/// How many values of a reference's uncertainty the page is sent: a few a pixel of a chart.
const TRUST_POINTS: usize = 4000;

/// `values` thinned to at most `most`, each the largest of its stretch (an uncertainty errs on the safe
/// side), and how many values each stretch held.
fn thinned(values: &[f64], most: usize) -> (Vec<f64>, usize) {
    let stride = values.len().div_ceil(most).max(1);
    let out = values
        .chunks(stride)
        .map(|c| c.iter().copied().fold(0.0, f64::max))
        .collect();
    (out, stride)
}

/// What the spec's reference run is worth, where its truth is a reference run; else undefined.
#[wasm_bindgen(js_name = referenceTrust)]
pub fn reference_trust(spec: JsValue) -> Result<JsValue, JsError> {
    let setup = resolve_spec(spec).map_err(js_error)?.setup;
    let Some(h) = setup.truth().reference_step() else {
        return Ok(JsValue::UNDEFINED);
    };
    if setup.until / (h / 2.0) > MAX_TRUST_STEPS {
        return to_js(&TrustView {
            note: format!(
                "the reference run's own accuracy is measured for runs of up to {} s (by a second reference at \
                 half its step); the lab's command line (integrator-lab run) measures it for this one",
                format::number(MAX_TRUST_STEPS * h / 2.0)
            ),
            horizon: None,
            uncertainty: Vec::new(),
            every: setup.dt,
        });
    }
    match Trust::of(&setup) {
        Some(t) => {
            let (uncertainty, stride) = thinned(&t.uncertainty, TRUST_POINTS);
            to_js(&TrustView {
                note: t.note(setup.dt),
                horizon: t.horizon.map(|step| step as f64 * setup.dt),
                uncertainty,
                every: stride as f64 * setup.dt,
            })
        }
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Seconds the page measures a long-run exponent over (the double pendulum's experiment's span: within 1 % of
/// 1000 s there, at a third of the work).
const EXPONENT_SPAN: f64 = 300.0;

/// What the true motion's long-run exponent says of a prediction from the spec's nudge, in words (see
/// `chaos::prediction_words`); undefined without a nudge.
#[wasm_bindgen(js_name = predictionNote)]
pub fn prediction_note(spec: JsValue) -> Result<Option<String>, JsError> {
    let r = resolve_spec(spec).map_err(js_error)?;
    let Some(delta) = r.nudge else {
        return Ok(None);
    };
    let measured = integrator_lab::chaos::lyapunov(&r.setup, EXPONENT_SPAN, 0.1, 1e-9, 1e-3)
        .map_err(js_error)?;
    Ok(Some(integrator_lab::chaos::prediction_words(
        &measured, delta,
    )))
}

/// A convergence study of the spec's methods: the run at dt, dt/2, … (`levels` of them), each measured at
/// its end against the truth. Throws when the study would take too long for a page.
#[wasm_bindgen]
pub fn convergence(spec: JsValue, levels: u32) -> Result<JsValue, JsError> {
    let request = read_spec(spec).map_err(js_error)?;
    if let Some(spinning) = request.spinning() {
        return spinning_convergence(spinning.map_err(js_error)?, levels);
    }
    let r = request.resolve().map_err(js_error)?;
    let (setup, precision) = (r.setup, r.precision);
    let methods: Vec<Method> = r.runs.into_iter().map(|(m, _)| m).collect();
    let studies = analysis::study(&setup, &methods, precision, levels).map_err(js_error)?;
    let class = setup.class();
    let out: Vec<ConvergenceView> = studies
        .into_iter()
        .map(|s| ConvergenceView {
            method: s.method.id(),
            fitted_order: s.verdict.order(),
            verdict: s.verdict.text(),
            // A rule states nothing: what it is, is measured.
            stated: s
                .method
                .builtin()
                .map(|m| (m.info().order_on)(&class).text())
                .unwrap_or_default(),
            dt: s.points.iter().map(|p| p.dt).collect(),
            evaluations: s.points.iter().map(|p| p.evaluations as f64).collect(),
            error: s.points.iter().map(|p| p.error).collect(),
            horizon: s.horizon.map(analysis::horizon_note),
        })
        .collect();
    to_js(&out)
}

/// The same study of a spinning body's methods: each error the largest angle between its attitude and the
/// truth's over the run (as the CLI's `convergence` measures it).
fn spinning_convergence(s: Spinning, levels: u32) -> Result<JsValue, JsError> {
    let out = s
        .methods
        .iter()
        .map(|&m| {
            let points = rotation::study::convergence(&s.setup, m, levels)?;
            let verdict = analysis::verdict(&points);
            Ok(ConvergenceView {
                method: m.id(),
                fitted_order: verdict.order(),
                verdict: verdict.text(),
                stated: m.info().stated(),
                dt: points.iter().map(|p| p.dt).collect(),
                evaluations: points.iter().map(|p| p.evaluations as f64).collect(),
                error: points.iter().map(|p| p.error).collect(),
                horizon: None,
            })
        })
        .collect::<Result<Vec<_>, integrator_lab::Error>>()
        .map_err(js_error)?;
    to_js(&out)
}

#[cfg(test)]
mod tests {
    use super::thinned;

    #[test]
    fn a_thinned_uncertainty_keeps_each_stretchs_largest_value() {
        let values: Vec<f64> = (0..10).map(|k| f64::from(k % 4)).collect();
        // 0 1 2 3 0 1 2 3 0 1 in stretches of 3, then of 4.
        assert_eq!(thinned(&values, 4), (vec![2.0, 3.0, 3.0, 1.0], 3));
        assert_eq!(thinned(&values, 3), (vec![3.0, 3.0, 1.0], 4));
        assert_eq!(thinned(&values, 100), (values.clone(), 1));
        assert_eq!(thinned(&[], 4), (vec![], 1));
    }
}
