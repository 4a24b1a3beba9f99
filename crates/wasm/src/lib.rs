//! Integrator Lab's WebAssembly surface: the page's only way into the core.
//!
//! It converts and never computes: specs come in through serde-wasm-bindgen and become a core [`Setup`];
//! the catalogue of methods and scenarios goes out as plain objects read from the core's metadata; results
//! stay in wasm memory, in column-major histories the page reads through `Float64Array` views (pointer and
//! length), re-taken after any call that may grow memory. One [`Lab::advance`] call steps many steps.
//! Errors reach JS as exceptions carrying the core's one-line messages; a panic is logged by
//! console_error_panic_hook and surfaces as an exception the page shows.

use std::collections::BTreeMap;

use integrator_lab::analysis::{
    self, amplification, energy_change_per_period, stability_limit, theoretical_limit,
    StabilityLimit,
};
use integrator_lab::csv::position_error;
use integrator_lab::{
    csv, experiments, scenarios, Error, MethodId, Precision, Run, Setup, State, Truth, TruthRun,
};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// The module's memory, for typed-array views.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MethodView {
    id: &'static str,
    name: &'static str,
    order: Option<u32>,
    evaluations: &'static str,
    symplectic: bool,
    rule: &'static str,
    source: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ParamView {
    name: &'static str,
    description: &'static str,
    unit: &'static str,
    default: f64,
    min: f64,
    max: f64,
    min_open: bool,
    integer: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ScenarioView {
    id: &'static str,
    title: &'static str,
    description: &'static str,
    source: &'static str,
    params: Vec<ParamView>,
    position_unit: &'static str,
    velocity_unit: &'static str,
    energy_unit: &'static str,
    dt: f64,
    until: f64,
    /// "exact" or "reference".
    truth: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Catalogue {
    methods: Vec<MethodView>,
    scenarios: Vec<ScenarioView>,
    max_steps: u64,
}

/// Everything the page needs to know about methods and scenarios, read from the core.
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    let methods = MethodId::ALL
        .iter()
        .map(|m| {
            let i = m.info();
            MethodView {
                id: i.id,
                name: i.name,
                order: i.order,
                evaluations: i.evaluations,
                symplectic: i.symplectic,
                rule: i.rule,
                source: i.source,
            }
        })
        .collect();
    let scenarios = scenarios::all()
        .iter()
        .map(|s| {
            let i = s.info();
            ScenarioView {
                id: i.id,
                title: i.title,
                description: i.description,
                source: i.source,
                params: i
                    .params
                    .iter()
                    .map(|p| ParamView {
                        name: p.name,
                        description: p.description,
                        unit: p.unit,
                        default: p.default,
                        min: p.min,
                        max: p.max,
                        min_open: p.min_open,
                        integer: p.integer,
                    })
                    .collect(),
                position_unit: i.position_unit,
                velocity_unit: i.velocity_unit,
                energy_unit: i.energy_unit,
                dt: i.dt,
                until: i.until,
                truth: match i.truth {
                    Truth::Exact => "exact",
                    Truth::Reference => "reference",
                },
            }
        })
        .collect();
    serde_wasm_bindgen::to_value(&Catalogue {
        methods,
        scenarios,
        max_steps: integrator_lab::run::MAX_STEPS,
    })
    .map_err(js_error)
}

/// Checks one parameter value against its own range: the page's inputs use it to say what is wrong before
/// a run is made (combinations, such as a burn that ends before it starts, are checked when the run is).
/// Returns the core's message, or undefined when the value is fine.
#[wasm_bindgen(js_name = checkParam)]
pub fn check_param(scenario: &str, name: &str, value: f64) -> Option<String> {
    let scenario = match scenarios::get(scenario) {
        Ok(s) => s,
        Err(e) => return Some(e.to_string()),
    };
    let info = scenario.info();
    match info.params.iter().find(|p| p.name == name) {
        Some(p) => p.check(value).err().map(|e| e.to_string()),
        None => Some(
            Error::UnknownParameter {
                scenario: info.id,
                name: name.to_string(),
            }
            .to_string(),
        ),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StabilityView {
    method: &'static str,
    /// The largest stable ω·dt; `null` when none is, +∞ when every one tried is.
    measured: Option<f64>,
    theory: Option<f64>,
}

/// Each method's largest stable ω·dt on the undamped spring, measured and in theory.
#[wasm_bindgen]
pub fn stability() -> Result<JsValue, JsError> {
    let bound = |l: StabilityLimit| match l {
        StabilityLimit::None => None,
        StabilityLimit::Below(h) => Some(h),
        StabilityLimit::Unbounded => Some(f64::INFINITY),
    };
    let rows: Vec<StabilityView> = MethodId::ALL
        .iter()
        .map(|&m| StabilityView {
            method: m.id(),
            measured: bound(stability_limit(m)),
            theory: bound(theoretical_limit(m)),
        })
        .collect();
    serde_wasm_bindgen::to_value(&rows).map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExperimentView {
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
            article: e.article,
            title: e.title,
            query: e.query,
            look: e.look,
            claim: e.claim,
        })
        .collect();
    serde_wasm_bindgen::to_value(&list).map_err(js_error)
}

/// One experiment's measurement, made now by the core (up to a few hundred milliseconds).
#[wasm_bindgen(js_name = measureExperiment)]
pub fn measure_experiment(id: &str) -> Result<String, JsError> {
    let e =
        experiments::get(id).ok_or_else(|| JsError::new(&format!("unknown experiment '{id}'")))?;
    (e.measure)().map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StabilityPoint {
    method: &'static str,
    /// Growth of the amplitude a step.
    growth: f64,
    /// Relative energy change over one period.
    energy_per_period: f64,
}

/// Every method's growth a step and energy change a period on the undamped spring at this ω·dt.
#[wasm_bindgen(js_name = stabilityAt)]
pub fn stability_at(omega_dt: f64) -> Result<JsValue, JsError> {
    if !(omega_dt.is_finite() && omega_dt > 0.0) {
        return Err(JsError::new(&format!(
            "ω·dt must be positive (got {omega_dt})"
        )));
    }
    let rows: Vec<StabilityPoint> = MethodId::ALL
        .iter()
        .map(|&m| StabilityPoint {
            method: m.id(),
            growth: amplification(m, omega_dt),
            energy_per_period: energy_change_per_period(m, omega_dt),
        })
        .collect();
    serde_wasm_bindgen::to_value(&rows).map_err(js_error)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ConvergenceView {
    method: &'static str,
    dt: Vec<f64>,
    evaluations: Vec<f64>,
    error: Vec<f64>,
    fitted_order: Option<f64>,
}

/// The most steps, over all levels and methods, one convergence study may take in the page.
const MAX_STUDY_STEPS: f64 = 5e6;

/// A convergence study of the spec's methods: the run at dt, dt/2, … (`levels` of them), each measured at
/// its end against the truth.
#[wasm_bindgen]
pub fn convergence(spec: JsValue, levels: u32) -> Result<JsValue, JsError> {
    let spec: Spec = serde_wasm_bindgen::from_value(spec).map_err(js_error)?;
    let overrides: Vec<(String, f64)> = spec.params.into_iter().collect();
    let setup = Setup::new(&spec.scenario, &overrides, spec.dt, spec.until).map_err(js_error)?;
    // Every level runs every method from the start: keep the whole study to a few seconds in the page.
    let levels = levels.clamp(2, 12);
    let methods = spec.methods.len().max(1) as f64;
    let work = setup.steps() as f64 * (f64::powi(2.0, levels as i32) - 1.0) * methods;
    if work > MAX_STUDY_STEPS {
        return Err(JsError::new(&format!(
            "the study would take {work} steps in all (limit {MAX_STUDY_STEPS}); shorten until, raise dt or use fewer levels"
        )));
    }
    let precision = match spec.precision.as_deref() {
        None => Precision::F64,
        Some(p) => Precision::from_id(p).map_err(js_error)?,
    };
    let mut out = Vec::new();
    for id in &spec.methods {
        let method = MethodId::from_id(id).map_err(js_error)?;
        let points = match precision {
            Precision::F32 => analysis::convergence::<f32>(&setup, method, levels),
            Precision::F64 => analysis::convergence::<f64>(&setup, method, levels),
        }
        .map_err(js_error)?;
        out.push(ConvergenceView {
            method: method.id(),
            fitted_order: analysis::fitted_order(&points),
            dt: points.iter().map(|p| p.dt).collect(),
            evaluations: points.iter().map(|p| p.evaluations as f64).collect(),
            error: points.iter().map(|p| p.error).collect(),
        });
    }
    serde_wasm_bindgen::to_value(&out).map_err(js_error)
}

/// What the page asks for: the URL's state. `runs`, when given, replaces `methods`: each is a method at a
/// step of its own, so one method can be compared with itself at several dt; `dt` then sets the truth's grid.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Spec {
    scenario: String,
    #[serde(default)]
    params: BTreeMap<String, f64>,
    #[serde(default)]
    methods: Vec<String>,
    #[serde(default)]
    runs: Vec<RunPair>,
    dt: Option<f64>,
    until: Option<f64>,
    precision: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RunPair {
    method: String,
    dt: f64,
}

/// A method stepping in the precision the page chose.
enum Stepper {
    F32(Run<f32>),
    F64(Run<f64>),
}

impl Stepper {
    fn step(&mut self) -> bool {
        match self {
            Stepper::F32(r) => r.step(),
            Stepper::F64(r) => r.step(),
        }
    }

    fn state_into(&self, out: &mut State<f64>) {
        let copy = |x: &mut [f64], from: &mut dyn Iterator<Item = f64>| {
            x.iter_mut().zip(from).for_each(|(o, q)| *o = q)
        };
        match self {
            Stepper::F32(r) => {
                copy(&mut out.x, &mut r.state().x.iter().map(|&q| q as f64));
                copy(&mut out.v, &mut r.state().v.iter().map(|&q| q as f64));
            }
            Stepper::F64(r) => out.set(&r.state().x, &r.state().v),
        }
    }

    fn diverged_at(&self) -> Option<u64> {
        match self {
            Stepper::F32(r) => r.diverged_at(),
            Stepper::F64(r) => r.diverged_at(),
        }
    }

    fn evaluations(&self) -> u64 {
        match self {
            Stepper::F32(r) => r.evaluations(),
            Stepper::F64(r) => r.evaluations(),
        }
    }

    fn steps(&self) -> u64 {
        match self {
            Stepper::F32(r) => r.steps(),
            Stepper::F64(r) => r.steps(),
        }
    }
}

/// Recorded rows, column-major: `t`, the positions, the velocities, `energy`, `kinetic`, `potential`,
/// `error`. Sized once; rows past its capacity are never asked for.
struct History {
    capacity: usize,
    rows: usize,
    data: Vec<f64>,
}

impl History {
    fn new(columns: usize, capacity: usize) -> Self {
        History {
            capacity,
            rows: 0,
            data: vec![0.0; columns * capacity],
        }
    }

    fn push(&mut self, values: impl Iterator<Item = f64>) {
        if self.rows == self.capacity {
            return;
        }
        for (c, value) in values.enumerate() {
            self.data[c * self.capacity + self.rows] = value;
        }
        self.rows += 1;
    }

    fn column(&self, c: usize) -> &[f64] {
        &self.data[c * self.capacity..c * self.capacity + self.rows]
    }
}

struct Track {
    method: MethodId,
    stepper: Stepper,
    history: History,
    /// The latest state, for the scene: positions then velocities.
    current: Vec<f64>,
    /// A step of its own, when it differs from the lab's: its clock and its own truth.
    clock: Option<Clock>,
}

/// A track's own time grid.
struct Clock {
    setup: Setup,
    truth: TruthRun,
    truth_state: State<f64>,
    stride: u64,
}

/// Appends a row: t, positions, velocities, energy, kinetic, potential, error.
fn push_row(history: &mut History, setup: &Setup, t: f64, state: &State<f64>, truth: &State<f64>) {
    let energy = setup.energy(state);
    let error = position_error(state, truth);
    history.push(
        std::iter::once(t)
            .chain(state.x.iter().copied())
            .chain(state.v.iter().copied())
            .chain([energy.total(), energy.kinetic, energy.potential, error]),
    );
}

/// Rows of history a track may keep, and so every how many of its steps it records one.
fn stride_for(total: u64, rows_allowed: u64) -> (u64, usize) {
    let stride = total.div_ceil(rows_allowed).max(1);
    (stride, (total / stride + 2) as usize)
}

/// How many numbers all histories of a lab may hold together (32 MB of f64).
const HISTORY_BUDGET: usize = 4_000_000;

/// A set of methods stepping one setup side by side, with their histories and the truth's.
#[wasm_bindgen]
pub struct Lab {
    setup: Setup,
    precision: Precision,
    tracks: Vec<Track>,
    truth: TruthRun,
    truth_history: History,
    truth_current: Vec<f64>,
    truth_state: State<f64>,
    scratch: State<f64>,
    columns: usize,
    step: u64,
    total: u64,
    stride: u64,
}

/// Rust-side helpers.
impl Lab {
    fn from_spec(spec: Spec) -> Result<Lab, Error> {
        let overrides: Vec<(String, f64)> = spec.params.into_iter().collect();
        let setup = Setup::new(&spec.scenario, &overrides, spec.dt, spec.until)?;
        let precision = match spec.precision.as_deref() {
            None => Precision::F64,
            Some(p) => Precision::from_id(p)?,
        };
        let pairs: Vec<(MethodId, Setup)> = if spec.runs.is_empty() {
            spec.methods
                .iter()
                .map(|m| Ok((MethodId::from_id(m)?, setup.clone())))
                .collect::<Result<_, Error>>()?
        } else {
            spec.runs
                .iter()
                .map(|r| Ok((MethodId::from_id(&r.method)?, setup.with_dt(r.dt)?)))
                .collect::<Result<_, Error>>()?
        };
        if pairs.is_empty() {
            return Err(Error::NoMethods);
        }
        let dim = setup.system().dim;
        let columns = 1 + 2 * dim + 4;
        let total = setup.steps();
        let rows_allowed = (HISTORY_BUDGET / (columns * (pairs.len() + 1))).max(200) as u64;
        let (stride, capacity) = stride_for(total, rows_allowed);
        let tracks = pairs
            .into_iter()
            .map(|(method, own)| {
                let (clock, capacity) = if own.dt == setup.dt {
                    (None, capacity)
                } else {
                    let (stride, capacity) = stride_for(own.steps(), rows_allowed);
                    let clock = Clock {
                        truth: own.truth(),
                        truth_state: own.initial(),
                        setup: own,
                        stride,
                    };
                    (Some(clock), capacity)
                };
                let run_setup = clock.as_ref().map_or(&setup, |c| &c.setup);
                Track {
                    method,
                    stepper: match precision {
                        Precision::F32 => Stepper::F32(Run::new(run_setup, method)),
                        Precision::F64 => Stepper::F64(Run::new(run_setup, method)),
                    },
                    history: History::new(columns, capacity),
                    current: vec![0.0; 2 * dim],
                    clock,
                }
            })
            .collect();
        let initial = setup.initial();
        let mut lab = Lab {
            truth: setup.truth(),
            truth_history: History::new(columns, capacity),
            truth_current: vec![0.0; 2 * dim],
            truth_state: initial.clone(),
            scratch: initial,
            precision,
            tracks,
            setup,
            columns,
            step: 0,
            total,
            stride,
        };
        lab.record_base(0);
        for track in &mut lab.tracks {
            if let Some(c) = &mut track.clock {
                track.stepper.state_into(&mut lab.scratch);
                push_row(
                    &mut track.history,
                    &c.setup,
                    0.0,
                    &lab.scratch,
                    &c.truth_state,
                );
            }
        }
        lab.refresh_current();
        Ok(lab)
    }

    /// Records row `step` of the lab's grid: the truth, and every running track that shares the grid.
    fn record_base(&mut self, step: u64) {
        let t = step as f64 * self.setup.dt;
        self.truth.at_into(step, &mut self.truth_state);
        let truth = &self.truth_state;
        push_row(&mut self.truth_history, &self.setup, t, truth, truth);
        for track in &mut self.tracks {
            if track.clock.is_some() || track.stepper.diverged_at().is_some() {
                continue;
            }
            track.stepper.state_into(&mut self.scratch);
            push_row(&mut track.history, &self.setup, t, &self.scratch, truth);
        }
    }

    /// Steps the tracks with a clock of their own up to time `t` (all the way to their end when `last`).
    fn catch_up(&mut self, t: f64, last: bool) {
        for track in &mut self.tracks {
            let Some(c) = &mut track.clock else { continue };
            let total = c.setup.steps();
            loop {
                let k = track.stepper.steps();
                let due = last || (k + 1) as f64 * c.setup.dt <= t + 1e-9 * c.setup.dt;
                if k >= total || !due || !track.stepper.step() {
                    break;
                }
                let k = k + 1;
                if k % c.stride == 0 || k == total {
                    c.truth.at_into(k, &mut c.truth_state);
                    track.stepper.state_into(&mut self.scratch);
                    let at = k as f64 * c.setup.dt;
                    push_row(
                        &mut track.history,
                        &c.setup,
                        at,
                        &self.scratch,
                        &c.truth_state,
                    );
                }
            }
        }
    }

    fn refresh_current(&mut self) {
        let dim = self.scratch.dim();
        for track in &mut self.tracks {
            track.stepper.state_into(&mut self.scratch);
            track.current[..dim].copy_from_slice(&self.scratch.x);
            track.current[dim..].copy_from_slice(&self.scratch.v);
        }
        self.truth.at_into(self.step, &mut self.truth_state);
        self.truth_current[..dim].copy_from_slice(&self.truth_state.x);
        self.truth_current[dim..].copy_from_slice(&self.truth_state.v);
    }

    fn history(&self, track: usize) -> Option<&History> {
        if track == self.tracks.len() {
            Some(&self.truth_history)
        } else {
            self.tracks.get(track).map(|t| &t.history)
        }
    }

    fn dt_of(&self, track: &Track) -> f64 {
        track.clock.as_ref().map_or(self.setup.dt, |c| c.setup.dt)
    }
}

/// The JS-facing API.
#[wasm_bindgen]
impl Lab {
    /// Makes a lab from `{scenario, params, methods, dt, until, precision}`; throws the core's message for
    /// anything invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<Lab, JsError> {
        let spec: Spec = serde_wasm_bindgen::from_value(spec).map_err(js_error)?;
        Lab::from_spec(spec).map_err(js_error)
    }

    /// Advances by up to `steps` steps of the lab's dt (never past the end); tracks with a step of their own
    /// take as many of theirs as fit in the same time. Returns the lab's steps taken.
    pub fn advance(&mut self, steps: u32) -> u32 {
        let target = (self.step + steps as u64).min(self.total);
        let start = self.step;
        while self.step < target {
            self.step += 1;
            for track in &mut self.tracks {
                if track.clock.is_none() {
                    track.stepper.step();
                }
            }
            if self.step % self.stride == 0 || self.step == self.total {
                self.record_base(self.step);
            }
        }
        if self.step > start {
            self.catch_up(self.step as f64 * self.setup.dt, self.step == self.total);
        }
        self.refresh_current();
        (self.step - start) as u32
    }

    /// Steps taken so far.
    #[wasm_bindgen(getter)]
    pub fn step(&self) -> f64 {
        self.step as f64
    }

    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> f64 {
        self.total as f64
    }

    /// Every how many steps a row is recorded.
    #[wasm_bindgen(getter)]
    pub fn stride(&self) -> f64 {
        self.stride as f64
    }

    #[wasm_bindgen(getter)]
    pub fn t(&self) -> f64 {
        self.step as f64 * self.setup.dt
    }

    #[wasm_bindgen(getter)]
    pub fn dt(&self) -> f64 {
        self.setup.dt
    }

    /// Columns of every history: t, positions, velocities, energy, kinetic, potential, error.
    #[wasm_bindgen(getter)]
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of method tracks; the truth is the track after them.
    #[wasm_bindgen(getter)]
    pub fn tracks(&self) -> usize {
        self.tracks.len()
    }

    /// Recorded rows of a track.
    pub fn rows(&self, track: usize) -> usize {
        self.history(track).map_or(0, |h| h.rows)
    }

    /// Address of a history column in wasm memory (`rows(track)` values of f64).
    #[wasm_bindgen(js_name = columnPtr)]
    pub fn column_ptr(&self, track: usize, column: usize) -> *const f64 {
        match self.history(track) {
            Some(h) if column < self.columns => h.column(column).as_ptr(),
            _ => std::ptr::null(),
        }
    }

    /// Address of a track's latest state (positions, then velocities).
    #[wasm_bindgen(js_name = currentPtr)]
    pub fn current_ptr(&self, track: usize) -> *const f64 {
        if track == self.tracks.len() {
            self.truth_current.as_ptr()
        } else {
            self.tracks
                .get(track)
                .map_or(std::ptr::null(), |t| t.current.as_ptr())
        }
    }

    /// Time of the step at which a method's state stopped being finite.
    #[wasm_bindgen(js_name = divergedAt)]
    pub fn diverged_at(&self, track: usize) -> Option<f64> {
        let t = self.tracks.get(track)?;
        Some(t.stepper.diverged_at()? as f64 * self.dt_of(t))
    }

    /// Force evaluations a method has made.
    pub fn evaluations(&self, track: usize) -> f64 {
        self.tracks
            .get(track)
            .map_or(0.0, |t| t.stepper.evaluations() as f64)
    }

    /// The method id of a track.
    pub fn method(&self, track: usize) -> Option<String> {
        self.tracks.get(track).map(|t| t.method.id().to_string())
    }

    /// Names of positions and velocities.
    pub fn coordinates(&self) -> Result<JsValue, JsError> {
        let c = self.setup.coordinates();
        serde_wasm_bindgen::to_value(&(c.positions, c.velocities)).map_err(js_error)
    }

    /// The whole run as the CLI prints it, rows every `every` steps. Tracks with steps of their own give one
    /// table for each dt, as `integrator-lab run --dt …` prints it, separated by a blank line.
    pub fn csv(&self, every: u32) -> String {
        let mut dts: Vec<f64> = Vec::new();
        for track in &self.tracks {
            let dt = self.dt_of(track);
            if !dts.contains(&dt) {
                dts.push(dt);
            }
        }
        let tables: Vec<String> = dts
            .iter()
            .map(|&dt| {
                let methods: Vec<MethodId> = self
                    .tracks
                    .iter()
                    .filter(|t| self.dt_of(t) == dt)
                    .map(|t| t.method)
                    .collect();
                let setup = self
                    .setup
                    .with_dt(dt)
                    .expect("every track's dt was checked");
                csv::to_string(&setup, &methods, self.precision, every.max(1) as u64)
            })
            .collect();
        tables.join("\n")
    }

    /// A track's step.
    #[wasm_bindgen(js_name = trackDt)]
    pub fn track_dt(&self, track: usize) -> f64 {
        self.tracks
            .get(track)
            .map_or(self.setup.dt, |t| self.dt_of(t))
    }

    /// Steps a track has taken (its own steps, where it has a dt of its own).
    #[wasm_bindgen(js_name = trackSteps)]
    pub fn track_steps(&self, track: usize) -> f64 {
        self.tracks
            .get(track)
            .map_or(self.step, |t| t.stepper.steps()) as f64
    }

    /// The reference run's step where the truth is a reference run, else undefined.
    #[wasm_bindgen(js_name = referenceStep)]
    pub fn reference_step(&self) -> Option<f64> {
        self.truth.reference_step()
    }
}
