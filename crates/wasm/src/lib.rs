//! Integrator Lab's WebAssembly surface: the page's only way into the core.
//!
//! It converts and never computes. Specs come in through serde-wasm-bindgen and become core types; the
//! catalogue of articles, methods and scenarios goes out as plain objects read from the core's registries;
//! a [`Session`] wraps the core's session, whose histories the page reads through `Float64Array` views
//! (pointer and length), re-taken after any call that may grow memory. Tables, numbers, times and messages are written by
//! the core. Errors reach JS as exceptions carrying the core's one-line messages; a panic traps, and its
//! message is kept for the page to read (`lastPanic`).
//!
//! The crate is built in four tiers, each named by what it serves: `base` (no feature), the smallest, which
//! an embedded figure steps with; `studies` (the [`studies`], each method's facts, shadow energies, the CSV
//! export, f32 runs), which the full page steps with and its studies worker runs; `classroom` (the studies tier and the [`worksheets`]), which only a page that
//! opens a worksheet and the teacher's page load; and `language` (the studies tier and "your method": a
//! student's rule, its checks and its report card), which the page loads only when a rule is in use.

/// The allocator: Talc, where Rust's wasm default is dlmalloc, is 1.7 KB smaller gzipped in the base tier (a
/// first visit's download) and makes a session a third faster (a run allocates when it is made, not as it
/// steps). The studies tier counts the live bytes through it (`memory`).
#[cfg(target_family = "wasm")]
#[cfg_attr(not(feature = "studies"), global_allocator)]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(feature = "studies")]
use integrator_lab::request::Resolved;
use integrator_lab::request::{self, Request};
use integrator_lab::rotation::methods::RotationMethodId;
use integrator_lab::rotation::scenarios as spinning;
#[cfg(feature = "studies")]
use integrator_lab::rotation::session::{self as spin_session, SpinSession};
use integrator_lab::session::{Table, TableRow};
use integrator_lab::Session as CoreSession;
use integrator_lab::{
    articles, format, permalink, run, scenarios, Error, Method, MethodId, Precision,
};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[cfg(feature = "language")]
pub mod language;
#[cfg(all(feature = "studies", target_family = "wasm"))]
pub mod memory;
#[cfg(feature = "studies")]
pub mod studies;
#[cfg(feature = "classroom")]
pub mod worksheets;

/// Points of the exact solution sampled for a scene's frame (see `Setup::truth_bounds`).
const SCENE_SAMPLES: u64 = 4000;
#[cfg(feature = "studies")]
thread_local! {
    /// The message of the last panic, kept for the page: a panic traps the instance, and the page then shows
    /// this message with its offer to start again (see `lastPanic`). Every tier but `base` keeps it;
    /// `base`, which embeds load, leaves the hook out to stay small (a trap there reads "unreachable").
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

#[cfg(feature = "studies")]
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
            .unwrap_or("a panic without a message");
        let at = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        LAST_PANIC.with(|last| *last.borrow_mut() = Some(format!("{message}{at}")));
    }));
}

/// The message of the last panic in this instance, if any: "panicked at FILE:LINE:COLUMN: MESSAGE". It can
/// be read after the trap that followed it (it touches no object the trap left borrowed).
#[cfg(feature = "studies")]
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.with(|last| last.borrow().clone())
}

/// The module's memory, for typed-array views.
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    serde_wasm_bindgen::to_value(value).map_err(js_error)
}

/// A number rounded to `digits` significant digits, for reading (as the tables show them).
#[wasm_bindgen(js_name = formatSignificant)]
pub fn format_significant(value: f64, digits: usize) -> String {
    format::significant(value, digits)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ArticleInfo"))]
struct ArticleView {
    id: &'static str,
    citation: String,
    short: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "MethodInfo"))]
struct MethodView {
    id: &'static str,
    name: &'static str,
    #[cfg_attr(test, ts(optional))]
    order: Option<u32>,
    evaluations: String,
    symplectic: bool,
    rule: &'static str,
    source: String,
    /// The theory's stability limit on the undamped spring, as text.
    stability: String,
    /// What it does to an oscillator's energy, and why.
    energy: &'static str,
    style: u8,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ParamInfo"))]
struct ParamView {
    name: &'static str,
    description: &'static str,
    unit: &'static str,
    default: f64,
    min: f64,
    max: f64,
    min_open: bool,
    integer: bool,
    /// What a value must be, in words: "more than 0 and at most 1,000,000 kg".
    range: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SceneInfo"))]
struct SceneView {
    kind: &'static str,
    params: &'static [&'static str],
    /// The picture's scale follows the last position (the chain's free end) rather than the first.
    scale_from_last: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ScenarioInfo"))]
struct ScenarioView {
    /// `motion` (a point mass's position and velocity) or `rotation` (a spinning body's attitude and ω): which
    /// family of methods steps it (an id such as `euler` names a method within the family).
    family: &'static str,
    id: &'static str,
    title: &'static str,
    description: &'static str,
    source: String,
    params: Vec<ParamView>,
    position_unit: &'static str,
    velocity_unit: &'static str,
    energy_unit: &'static str,
    /// What the energy column holds, as the energy chart's title.
    energy_title: &'static str,
    dt: f64,
    until: f64,
    scene: SceneView,
    /// "exact" or "reference": the truth's label.
    truth: &'static str,
    /// The history's columns the true motion keeps constant (a spinning body's: its energy, and ‖L‖ or, on
    /// the heavy top, L·ẑ and L3); empty for a point mass, whose energy chart says it.
    invariants: &'static [&'static str],
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Catalogue"))]
struct Catalogue {
    articles: Vec<ArticleView>,
    methods: Vec<MethodView>,
    /// The rotation family's methods, which step the spinning bodies (the scenarios of family `rotation`).
    rotation_methods: Vec<MethodView>,
    scenarios: Vec<ScenarioView>,
    /// The URL keys the lab reads (the core's permalink owns the list).
    reserved_keys: Vec<&'static str>,
}

/// A scenario as the page reads it.
fn scenario_view(s: &dyn scenarios::Scenario) -> ScenarioView {
    let i = s.info();
    ScenarioView {
        family: "motion",
        energy_title: s.energy_title(),
        id: i.id,
        title: i.title,
        description: i.description,
        source: i.source(),
        params: i.params.iter().map(param_view).collect(),
        position_unit: i.position_unit,
        velocity_unit: i.velocity_unit,
        energy_unit: i.energy_unit,
        dt: i.dt,
        until: i.until,
        scene: SceneView {
            kind: i.scene.kind(),
            params: i.scene.params(),
            scale_from_last: i.scene.scale_from_last(),
        },
        truth: i.truth.label(),
        invariants: &[],
    }
}

fn param_view(p: &integrator_lab::Param) -> ParamView {
    ParamView {
        name: p.name,
        description: p.description,
        unit: p.unit,
        default: p.default,
        min: p.min,
        max: p.max,
        min_open: p.min_open,
        integer: p.integer,
        range: p.range_words(),
    }
}

/// A spinning body as the page reads it: its "positions" are the attitude's error (rad), its "velocities" ω.
fn rotation_scenario_view(i: &'static spinning::RotationScenarioInfo) -> ScenarioView {
    ScenarioView {
        family: "rotation",
        id: i.id,
        title: i.title,
        description: i.about,
        source: i.source(),
        params: i.params.iter().map(param_view).collect(),
        position_unit: "rad",
        velocity_unit: "rad/s",
        energy_unit: "J",
        energy_title: i.energy_title,
        dt: i.dt,
        until: i.until,
        scene: SceneView {
            kind: i.scene,
            params: &i.moments,
            scale_from_last: false,
        },
        truth: i.truth.label(),
        invariants: i.invariants,
    }
}

/// A rotation method as the page reads it: what the oscillator's stability limit would be is said not to apply.
fn rotation_method_view(m: RotationMethodId) -> MethodView {
    let i = m.info();
    MethodView {
        id: i.id,
        name: i.name,
        order: i.order,
        evaluations: format!(
            "{} torque evaluation{} a step",
            i.evaluations,
            if i.evaluations == 1 { "" } else { "s" }
        ),
        symplectic: i.symplectic,
        rule: i.rule,
        source: i.who.to_string(),
        stability: "no oscillator's limit: the ω·dt stability of a spring does not apply to a spinning body"
            .to_string(),
        energy: i.behaviour,
        style: i.style,
    }
}

/// Everything the page needs to know about articles, methods and scenarios, read from the core.
#[wasm_bindgen]
pub fn catalogue() -> Result<JsValue, JsError> {
    let articles = articles::ALL
        .iter()
        .map(|a| ArticleView {
            id: a.id,
            citation: a.citation(),
            short: a.short,
        })
        .collect();
    #[allow(unused_mut)] // the language build lists a rule as well
    let mut methods: Vec<MethodView> = MethodId::ALL
        .iter()
        .map(|m| {
            let i = m.info();
            MethodView {
                id: i.id,
                name: i.name,
                order: i.order,
                evaluations: i.evaluations.to_string(),
                symplectic: i.symplectic,
                rule: i.rule,
                source: i.source(),
                stability: i.stability.text(),
                energy: i.energy,
                style: i.style,
            }
        })
        .collect();
    #[cfg(feature = "language")]
    methods.push(language::about());
    let scenarios = scenarios::all()
        .iter()
        .map(|s| scenario_view(*s))
        .chain(spinning::all().into_iter().map(rotation_scenario_view))
        .collect();
    to_js(&Catalogue {
        articles,
        methods,
        rotation_methods: RotationMethodId::ALL
            .into_iter()
            .map(rotation_method_view)
            .collect(),
        scenarios,
        reserved_keys: permalink::url_keys().collect(),
    })
}

/// What is wrong with a spec's setup (its scenario, parameters, dt and until, within the step budget and
/// the reference run's), in the core's one line, or undefined where it runs: the page checks a new dt or
/// until with it, and the URL's, with no rules of its own.
#[wasm_bindgen(js_name = checkSetup)]
pub fn check_setup(spec: JsValue) -> Option<String> {
    let request = match read_spec(spec) {
        Ok(request) => request,
        Err(e) => return Some(e),
    };
    // The base tier checks no spinning body (see `spinning_unchecked`): its run, when made, asks for the
    // studies tier, whose checks then apply.
    #[cfg(not(feature = "studies"))]
    if spinning_unchecked(&request) {
        return None;
    }
    #[cfg(feature = "studies")]
    if let Some(spinning) = request.spinning() {
        return spinning.err().map(|e| e.to_string());
    }
    request.resolve().err().map(|e| e.to_string())
}

/// Whether a request's scenario is a spinning body, which the base tier neither steps nor checks: its checks
/// (the rotation family's ids, each body's setup) are 3.8 KB of a first visit's download, gzipped, and the
/// page loads the studies tier before it reads a spinning body's address.
#[cfg(not(feature = "studies"))]
fn spinning_unchecked(request: &request::Request) -> bool {
    request
        .scenario
        .as_deref()
        .and_then(spinning::get)
        .is_some()
}

/// Whether a URL key is one that sharing sites add to links (`utm_*`, `fbclid`, `gclid`): the page ignores
/// it without a word.
#[wasm_bindgen(js_name = isTrackingKey)]
pub fn is_tracking_key(name: &str) -> bool {
    permalink::is_tracking(name)
}

/// Checks one parameter value against its own range: the page's inputs use it to say what is wrong before
/// a run is made (combinations, such as a burn that ends before it starts, are checked when the run is).
/// Returns the core's message, or undefined when the value is fine.
#[wasm_bindgen(js_name = checkParam)]
pub fn check_param(
    scenario: &str,
    name: &str,
    value: f64,
    force: Option<String>,
) -> Option<String> {
    let (id, params) = match spinning::get(scenario) {
        Some(body) => (body.id, body.params),
        None => match scenario_info(scenario, force.as_deref()) {
            Ok(info) => (info.id, info.params),
            Err(e) => return Some(e.to_string()),
        },
    };
    match params.iter().find(|p| p.name == name) {
        Some(p) => p.check(value).err().map(|e| e.to_string()),
        None => Some(
            Error::UnknownParameter {
                scenario: id,
                name: name.to_string(),
            }
            .to_string(),
        ),
    }
}

/// A scenario's info by its id; for `custom`, the force's (the language build only).
fn scenario_info(id: &str, force: Option<&str>) -> Result<&'static scenarios::ScenarioInfo, Error> {
    #[cfg(feature = "language")]
    if let (Some(text), integrator_lab::language::force::ID) = (force, id) {
        return integrator_lab::language::force::CustomForce::compile(text)
            .map(scenarios::Scenario::info)
            .map_err(|e| Error::Rule(format!("your force: {e}")));
    }
    let _ = force;
    Ok(scenarios::get(id)?.info())
}

/// Reads a number as the CLI does (a decimal or a fraction such as `1/60`); throws the core's message.
#[wasm_bindgen(js_name = parseNumber)]
pub fn parse_number(name: &str, text: &str) -> Result<f64, JsError> {
    format::parse_with(name, text, js_sys::Number::parse_float).map_err(js_error)
}

/// Reads `dt` (positive) or `until` (not negative) as the CLI does; throws the core's message.
#[wasm_bindgen(js_name = parseTime)]
pub fn parse_time(name: &str, text: &str) -> Result<f64, JsError> {
    format::parse_with(name, text, js_sys::Number::parse_float)
        .and_then(|v| run::check_time(name, v))
        .map_err(js_error)
}

/// A value as the CSV writes it at a precision (`f32` or `f64`).
#[wasm_bindgen(js_name = formatValue)]
pub fn format_value(value: f64, precision: &str) -> Result<String, JsError> {
    Ok(format::value(
        value,
        Precision::from_id(precision).map_err(js_error)?,
    ))
}

/// A time as the CSV writes it (at most 12 significant digits).
#[wasm_bindgen(js_name = formatTime)]
pub fn format_time(t: f64) -> String {
    format::time(t)
}

/// What the page asks for: the URL's state. `runs`, when given, replaces `methods`: each is a method at a
/// step of its own, so one method can be compared with itself at several dt; `dt` then sets the truth's grid.
#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Spec {
    scenario: String,
    #[serde(default)]
    params: Overrides,
    #[serde(default)]
    methods: Vec<String>,
    #[serde(default)]
    runs: Vec<RunPair>,
    dt: Option<f64>,
    until: Option<f64>,
    precision: Option<String>,
    /// A student's rule, which the method `yours` steps with. Only the language build reads one (the
    /// page sends none to the others, which would not read it).
    #[cfg(feature = "language")]
    rule: Option<String>,
    /// A student's force, which the scenario `custom` is made of (the language build only, as `rule`).
    #[cfg(feature = "language")]
    force: Option<String>,
    /// Each method's twin starts from the first coordinate + this (`nudge=` in the URL).
    nudge: Option<f64>,
}

/// A spec's parameters, `{name: value, …}`, as (name, value) pairs in the order given: read as they come,
/// without a map (whose code the base tier, which embeds load, would carry for nothing).
#[derive(Debug, Default)]
struct Overrides(Vec<(String, f64)>);

impl<'de> Deserialize<'de> for Overrides {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Pairs;
        impl<'de> serde::de::Visitor<'de> for Pairs {
            type Value = Overrides;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("parameters by name")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Overrides, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry::<String, f64>()? {
                    pairs.push(pair);
                }
                Ok(Overrides(pairs))
            }
        }
        deserializer.deserialize_map(Pairs)
    }
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct RunPair {
    method: String,
    dt: f64,
}

/// A spec from the page, read into the core's request (not yet checked), or the one line that says what is
/// wrong with its shape.
pub(crate) fn read_spec(spec: JsValue) -> Result<Request, String> {
    let spec: Spec = serde_wasm_bindgen::from_value(spec).map_err(|e| e.to_string())?;
    Ok(spec.request())
}

/// A spec from the page, read and resolved by the core as the CLI's arguments are, or the one line that says
/// what is wrong with it: the one way every call that takes a point mass's spec reads it (kept out of line, so
/// that the base tier carries its code once).
#[cfg(feature = "studies")]
#[inline(never)]
pub(crate) fn resolve_spec(spec: JsValue) -> Result<Resolved, String> {
    read_spec(spec)?.resolve().map_err(|e| e.to_string())
}

impl Spec {
    /// The spec as the core's request, which the core resolves as it does the CLI's arguments.
    fn request(self) -> Request {
        #[cfg(feature = "language")]
        let (rule, force) = (self.rule, self.force);
        #[cfg(not(feature = "language"))]
        let (rule, force) = (None, None);
        Request {
            scenario: Some(self.scenario),
            params: self.params.0,
            methods: Some(self.methods),
            runs: self.runs.into_iter().map(|r| (r.method, r.dt)).collect(),
            dt: self.dt,
            until: self.until,
            precision: self.precision,
            rule,
            force,
            nudge: self.nudge,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "CoreTable"))]
struct TableView {
    columns: Vec<String>,
    rows: Vec<RowView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "CoreRow"))]
struct RowView {
    cells: Vec<String>,
    note: String,
}

fn table_view(table: Table) -> TableView {
    TableView {
        columns: table.columns,
        rows: table
            .rows
            .into_iter()
            .map(|TableRow { cells, note }| RowView { cells, note })
            .collect(),
    }
}

/// What a [`Session`] steps: a point mass's methods (the core's session, and the spec's rule, which `insert` may
/// add as `yours`), or a spinning body's (the studies tier and up: an embed of one loads that tier).
enum Stepped {
    Motion(CoreSession, Option<Method>),
    #[cfg(feature = "studies")]
    Spin(Spin),
}

/// A spinning body's session, and each track's latest state laid out for the page to read in place.
#[cfg(feature = "studies")]
struct Spin {
    session: SpinSession,
    current: Vec<[f64; 7]>,
}

/// A core session (a point mass's [`CoreSession`] or a spinning body's [`SpinSession`]): methods stepping one
/// setup side by side, with their histories and the truth's, read by the page through one surface.
#[wasm_bindgen]
pub struct Session(Stepped);

/// A null address, for what a spinning body has not (a twin, a shadow energy).
const NONE: *const f64 = std::ptr::null();

/// The JS-facing API; every method forwards to the session.
#[wasm_bindgen]
impl Session {
    /// Makes a lab from `{scenario, params, methods | runs, dt, until, precision}`; throws the core's
    /// message for anything invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(spec: JsValue) -> Result<Session, JsError> {
        let request = read_spec(spec).map_err(js_error)?;
        #[cfg(not(feature = "studies"))]
        if spinning_unchecked(&request) {
            return Err(JsError::new(
                "a spinning body is stepped by the lab's studies build, which this page has not loaded",
            ));
        }
        #[cfg(feature = "studies")]
        if let Some(spinning) = request.spinning() {
            return Self::spinning(spinning.map_err(js_error)?);
        }
        let r = request.resolve().map_err(js_error)?;
        let mut session = CoreSession::new(r.setup, &r.runs, r.precision).map_err(js_error)?;
        if let Some(delta) = r.nudge {
            session.nudge(delta).map_err(js_error)?;
        }
        Ok(Session(Stepped::Motion(session, r.yours)))
    }

    /// Advances by up to `steps` steps of the lab's dt (never past the end). Returns the steps taken.
    pub fn advance(&mut self, steps: u32) -> u32 {
        (match &mut self.0 {
            Stepped::Motion(s, _) => s.advance(steps as u64),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.advance(steps as u64),
        }) as u32
    }

    /// Adds a method as track `at`, caught up to the current step; throws the core's message where it
    /// cannot (the page then starts afresh).
    pub fn insert(&mut self, at: usize, method: &str) -> Result<(), JsError> {
        match &mut self.0 {
            Stepped::Motion(s, yours) => {
                let method = request::method(method, yours.as_ref()).map_err(js_error)?;
                s.insert(at, method).map_err(js_error)
            }
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => {
                let method = RotationMethodId::from_id(method).map_err(js_error)?;
                s.session.insert(at, method).map_err(js_error)?;
                s.current.insert(at.min(s.current.len() - 1), [0.0; 7]);
                Ok(())
            }
        }
    }

    /// Removes track `at`; the others go on.
    pub fn remove(&mut self, at: usize) -> Result<(), JsError> {
        match &mut self.0 {
            Stepped::Motion(s, _) => s.remove(at).map_err(js_error),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => {
                if !s.session.remove(at) {
                    return Err(JsError::new(&format!("there is no track {at}")));
                }
                s.current.remove(at);
                Ok(())
            }
        }
    }

    /// Steps taken so far.
    #[wasm_bindgen(getter)]
    pub fn step(&self) -> f64 {
        (match &self.0 {
            Stepped::Motion(s, _) => s.step(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.step(),
        }) as f64
    }

    #[wasm_bindgen(getter, js_name = totalSteps)]
    pub fn total_steps(&self) -> f64 {
        (match &self.0 {
            Stepped::Motion(s, _) => s.total_steps(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.total_steps(),
        }) as f64
    }

    /// Every how many steps a row is recorded.
    #[wasm_bindgen(getter)]
    pub fn stride(&self) -> f64 {
        (match &self.0 {
            Stepped::Motion(s, _) => s.stride(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.stride(),
        }) as f64
    }

    /// Every how many of its own steps a track's rows are recorded (a run at a dt of its own has its own).
    #[wasm_bindgen(js_name = trackStride)]
    pub fn track_stride(&self, track: usize) -> f64 {
        (match &self.0 {
            Stepped::Motion(s, _) => s.track_stride(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.stride(),
        }) as f64
    }

    #[wasm_bindgen(getter)]
    pub fn t(&self) -> f64 {
        match &self.0 {
            Stepped::Motion(s, _) => s.t(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.t(),
        }
    }

    #[wasm_bindgen(getter)]
    pub fn dt(&self) -> f64 {
        match &self.0 {
            Stepped::Motion(s, _) => s.setup().dt,
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.setup().dt,
        }
    }

    /// Names of the history columns: for a point mass t, positions, velocities, energy, kinetic, potential,
    /// error; for a spinning body its own (the core's `rotation::session::COLUMNS`).
    pub fn columns(&self) -> Result<JsValue, JsError> {
        match &self.0 {
            Stepped::Motion(s, _) => to_js(&s.columns()),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => to_js(&spin_session::COLUMNS),
        }
    }

    /// Names of positions and velocities: a spinning body's are the attitude's four components and the
    /// body-frame ω.
    pub fn coordinates(&self) -> Result<JsValue, JsError> {
        match &self.0 {
            Stepped::Motion(s, _) => {
                let c = s.setup().coordinates();
                to_js(&(c.positions, c.velocities))
            }
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => to_js(&(
                ["q_w", "q_x", "q_y", "q_z"],
                ["omega_1", "omega_2", "omega_3"],
            )),
        }
    }

    /// Number of method tracks; the truth is the track after them.
    #[wasm_bindgen(getter)]
    pub fn tracks(&self) -> usize {
        match &self.0 {
            Stepped::Motion(s, _) => s.tracks(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.tracks(),
        }
    }

    fn history(&self, track: usize) -> Option<&integrator_lab::session::History> {
        match &self.0 {
            Stepped::Motion(s, _) => s.history(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.history(track),
        }
    }

    /// Recorded rows of a track.
    pub fn rows(&self, track: usize) -> usize {
        self.history(track).map_or(0, |h| h.rows())
    }

    /// Address of a history column in wasm memory (`rows(track)` values of f64).
    #[wasm_bindgen(js_name = columnPtr)]
    pub fn column_ptr(&self, track: usize, column: usize) -> *const f64 {
        let columns = match &self.0 {
            Stepped::Motion(s, _) => s.column_count(),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => spin_session::COLUMNS.len(),
        };
        match self.history(track) {
            Some(h) if column < columns => h.column(column).as_ptr(),
            _ => NONE,
        }
    }

    /// Address of a track's latest state (positions, then velocities: a spinning body's attitude, then ω).
    #[wasm_bindgen(js_name = currentPtr)]
    pub fn current_ptr(&mut self, track: usize) -> *const f64 {
        match &mut self.0 {
            Stepped::Motion(s, _) => s.current(track).map_or(NONE, |s| s.as_ptr()),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => match (s.session.current(track), s.current.get_mut(track)) {
                (Some(now), Some(slot)) => {
                    *slot = now;
                    slot.as_ptr()
                }
                _ => NONE,
            },
        }
    }

    /// Address of the latest state of a track's twin (positions, then velocities); 0 (null) without twins.
    #[wasm_bindgen(js_name = twinCurrentPtr)]
    pub fn twin_current_ptr(&self, track: usize) -> *const f64 {
        match &self.0 {
            Stepped::Motion(s, _) => s.twin_current(track).map_or(NONE, |s| s.as_ptr()),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => NONE,
        }
    }

    /// Time of the step at which a method's state stopped being finite.
    #[wasm_bindgen(js_name = divergedAt)]
    pub fn diverged_at(&self, track: usize) -> Option<f64> {
        match &self.0 {
            Stepped::Motion(s, _) => s.diverged_at(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.diverged_at(track),
        }
    }

    /// Address of a track's shadow energy at each recorded row (`rows(track)` of them), where the lab knows
    /// it (see the core's `shadow`); null elsewhere, and on a spinning body. The studies tier's: the base
    /// tier, which embeds load, stays within its size.
    #[cfg(feature = "studies")]
    #[wasm_bindgen(js_name = shadowPtr)]
    pub fn shadow_ptr(&mut self, track: usize) -> *const f64 {
        match &mut self.0 {
            Stepped::Motion(s, _) => s.shadow(track).map_or(NONE, |s| s.as_ptr()),
            Stepped::Spin(_) => NONE,
        }
    }

    /// The order in dt to which a track's method keeps its shadow energy: 0 where it keeps it exactly;
    /// undefined where the lab knows none.
    #[cfg(feature = "studies")]
    #[wasm_bindgen(js_name = shadowOrder)]
    pub fn shadow_order(&self, track: usize) -> Option<u32> {
        match &self.0 {
            Stepped::Motion(s, _) => s.shadow_of(track).map(|s| s.order().unwrap_or(0)),
            Stepped::Spin(_) => None,
        }
    }

    /// Why a track's symplectic method has no shadow energy here, in words; undefined where it has one, and
    /// for a method that is not symplectic.
    #[cfg(feature = "studies")]
    #[wasm_bindgen(js_name = shadowMissing)]
    pub fn shadow_missing(&self, track: usize) -> Option<String> {
        match &self.0 {
            Stepped::Motion(s, _) => s.shadow_missing(track).map(str::to_string),
            Stepped::Spin(_) => None,
        }
    }

    /// Why a track's method stopped, where it failed in a way of its own (a rule that raised an error).
    pub fn failure(&self, track: usize) -> Option<String> {
        match &self.0 {
            Stepped::Motion(s, _) => s.failure(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => None,
        }
    }

    /// How a track's run ended early, in the core's words ("diverged at t = 2.5 s"), its time at `digits`
    /// significant figures; undefined while it runs on.
    pub fn ending(&self, track: usize, digits: usize) -> Option<String> {
        match &self.0 {
            Stepped::Motion(s, _) => s.ending(track, Some(digits)),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.ending(track, Some(digits)),
        }
    }

    /// Force (or, on a spinning body, torque) evaluations a method has made.
    pub fn evaluations(&self, track: usize) -> f64 {
        (match &self.0 {
            Stepped::Motion(s, _) => s.evaluations(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.evaluations(track),
        }) as f64
    }

    /// The method id of a track.
    pub fn method(&self, track: usize) -> Option<String> {
        match &self.0 {
            Stepped::Motion(s, _) => s.method(track).map(|m| m.id().to_string()),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.method(track).map(|m| m.id().to_string()),
        }
    }

    /// ω·dt of the run, where its scenario is an oscillator.
    #[wasm_bindgen(getter, js_name = omegaDt)]
    pub fn omega_dt(&self) -> Option<f64> {
        match &self.0 {
            Stepped::Motion(s, _) => s.setup().omega_dt(),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => None,
        }
    }

    #[wasm_bindgen(getter, js_name = truthRefine)]
    pub fn truth_refine(&self) -> f64 {
        match &self.0 {
            Stepped::Motion(s, _) => s.truth_refine() as f64,
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => 1.0,
        }
    }

    /// Each of `positions`' (smallest, largest) along the exact solution over the whole run, flattened
    /// `[min, max, min, max, …]` in their order; undefined where the truth is a reference run, and on a
    /// spinning body.
    #[wasm_bindgen(js_name = truthBounds)]
    pub fn truth_bounds(&self, positions: Vec<u32>) -> Option<Vec<f64>> {
        let positions: Vec<usize> = positions.into_iter().map(|k| k as usize).collect();
        match &self.0 {
            Stepped::Motion(s, _) => s
                .setup()
                .truth_bounds(SCENE_SAMPLES, &positions)
                .map(|b| b.into_iter().flat_map(|(lo, hi)| [lo, hi]).collect()),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => None,
        }
    }

    /// Where a track has a twin (the spec's nudge): how far the two are apart at each recorded row, as many
    /// values as the track has rows; 0 (null) without twins.
    #[wasm_bindgen(js_name = separationPtr)]
    pub fn separation_ptr(&self, track: usize) -> *const f64 {
        match &self.0 {
            Stepped::Motion(s, _) => s.separation(track).map_or(NONE, |s| s.as_ptr()),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => NONE,
        }
    }

    /// A track's own exponential stretch from its twin so far, in 1/s (the slope of ln separation against t
    /// until the twins are a centimetre apart); undefined without twins or rows enough.
    pub fn stretch(&self, track: usize) -> Option<f64> {
        match &self.0 {
            Stepped::Motion(s, _) => s.stretch(track),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => None,
        }
    }

    /// What the separation from a twin measures here, in words ("the distance between the lower bobs, in m").
    #[wasm_bindgen(getter, js_name = separationWords)]
    pub fn separation_words(&self) -> String {
        match &self.0 {
            Stepped::Motion(s, _) => integrator_lab::chaos::separation_words(s.setup()).to_string(),
            #[cfg(feature = "studies")]
            Stepped::Spin(_) => "the angle between the two attitudes, in rad".to_string(),
        }
    }

    /// The reference run's step where the truth (a spinning body's attitude) is a reference run, else
    /// undefined.
    #[wasm_bindgen(js_name = referenceStep)]
    pub fn reference_step(&self) -> Option<f64> {
        match &self.0 {
            Stepped::Motion(s, _) => s.reference_step(),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.reference_step(),
        }
    }

    /// The whole run as the CLI prints it, rows every `every` steps (the full page's export; a figure, which
    /// steps with the base tier, offers none).
    #[cfg(feature = "studies")]
    pub fn csv(&self, every: u32) -> Result<String, JsError> {
        match &self.0 {
            Stepped::Motion(s, _) => s.csv(every as u64).map_err(js_error),
            Stepped::Spin(s) => Ok(s.session.csv(every as u64)),
        }
    }

    /// Every track's values at its last recorded row, for one position coordinate (a spinning body's show
    /// ω, its invariants and its error whatever the coordinate), written by the core: every digit (as the
    /// CSV) when `digits` is 0, else rounded to that many significant digits.
    #[wasm_bindgen(js_name = valuesTable)]
    pub fn values_table(&self, coordinate: usize, digits: usize) -> Result<JsValue, JsError> {
        let digits = (digits > 0).then_some(digits);
        let table = match &self.0 {
            Stepped::Motion(s, _) => s.values_table(coordinate, digits),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.values_table(digits),
        };
        to_js(&table_view(table))
    }

    /// The last `rows` recorded rows of a track: t, a position and its velocity (a spinning body's: t, its
    /// attitude and ω), `digits` as above.
    #[wasm_bindgen(js_name = stepsTable)]
    pub fn steps_table(
        &self,
        track: usize,
        coordinate: usize,
        rows: usize,
        digits: usize,
    ) -> Result<JsValue, JsError> {
        let digits = (digits > 0).then_some(digits);
        let table = match &self.0 {
            Stepped::Motion(s, _) => s.steps_table(track, coordinate, rows, digits),
            #[cfg(feature = "studies")]
            Stepped::Spin(s) => s.session.steps_table(track, rows, digits),
        };
        to_js(&table_view(table))
    }
}

impl Session {
    /// A spinning body's session (the studies tier and up).
    #[cfg(feature = "studies")]
    fn spinning(s: request::Spinning) -> Result<Session, JsError> {
        if s.nudge.is_some() {
            return Err(JsError::new(
                "the page runs no twins of a spinning body yet: the CLI's run --nudge writes their separation",
            ));
        }
        let session = SpinSession::new(s.setup, &s.methods);
        let current = vec![[0.0; 7]; session.tracks() + 1];
        Ok(Session(Stepped::Spin(Spin { session, current })))
    }
}

/// www/src/core/views.ts: the page's types of every view the core hands it, generated from the structs
/// above by ts-rs, so that the page's types cannot drift from what the core sends. The test fails when the
/// file differs from what the structs give; `UPDATE_VIEWS=1` writes it
/// (`UPDATE_VIEWS=1 cargo test -p integrator-lab-wasm --features classroom,language --lib page_types`).
#[cfg(all(test, feature = "classroom", feature = "language"))]
mod page_types {
    use ts_rs::{Config, TS};

    const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/src/core/views.ts");

    const HEADER: &str = "\
// The shapes of what the core hands the page, generated from crates/wasm's view structs by ts-rs: do not
// edit. `UPDATE_VIEWS=1 cargo test -p integrator-lab-wasm --features classroom,language --lib page_types`
// writes it again; without UPDATE_VIEWS the same test fails when this file differs from the structs.

import type { GrowthWord, VerdictId } from './words';

";

    fn declaration<T: TS>(cfg: &Config) -> String {
        format!("{}export {}\n", T::docs().unwrap_or_default(), T::decl(cfg))
    }

    fn generated() -> String {
        let cfg = Config::new();
        let views = [
            declaration::<super::ArticleView>(&cfg),
            declaration::<super::MethodView>(&cfg),
            declaration::<super::ParamView>(&cfg),
            declaration::<super::SceneView>(&cfg),
            declaration::<super::ScenarioView>(&cfg),
            declaration::<super::Catalogue>(&cfg),
            declaration::<super::TableView>(&cfg),
            declaration::<super::RowView>(&cfg),
            declaration::<crate::studies::StabilityView>(&cfg),
            declaration::<crate::studies::OrdersView>(&cfg),
            declaration::<crate::studies::LimitView>(&cfg),
            declaration::<crate::studies::ExperimentView>(&cfg),
            declaration::<crate::studies::StabilityPoint>(&cfg),
            declaration::<crate::studies::ConvergenceView>(&cfg),
            declaration::<crate::studies::TrustView>(&cfg),
            declaration::<crate::worksheets::SheetView>(&cfg),
            declaration::<crate::worksheets::TaskView>(&cfg),
            declaration::<crate::worksheets::CheckedView>(&cfg),
            declaration::<crate::worksheets::HandInView>(&cfg),
            declaration::<crate::worksheets::GradedView>(&cfg),
            declaration::<crate::worksheets::ScormReportView>(&cfg),
            declaration::<crate::language::ProblemView>(&cfg),
            declaration::<crate::language::TemplateView>(&cfg),
            declaration::<crate::language::CardView>(&cfg),
            declaration::<crate::language::ForceTemplateView>(&cfg),
        ];
        format!("{HEADER}{}", views.join("\n"))
    }

    #[test]
    fn the_pages_view_types_are_generated_from_the_views() {
        let want = generated();
        if std::env::var_os("UPDATE_VIEWS").is_some() {
            std::fs::write(FILE, &want).expect("www/src/core/views.ts is writable");
        }
        let have = std::fs::read_to_string(FILE).unwrap_or_default();
        assert!(
            have == want,
            "www/src/core/views.ts differs from the view structs: run UPDATE_VIEWS=1 cargo test -p \
             integrator-lab-wasm --features classroom,language --lib page_types"
        );
    }
}
