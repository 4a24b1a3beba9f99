//! The language tier's "your method" (feature `language`): a student's rule checked as it is typed, the
//! starting templates, the rule as the method `yours` in a spec, and its report card. Converts only.

use integrator_lab::language::force::{self, CustomForce};
use integrator_lab::language::{grade, Rule, RuleError, ABOUT, TEMPLATES};
use integrator_lab::request;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js_error, to_js, MethodView};

/// How the catalogue lists a rule beside the lab's methods.
pub(crate) fn about() -> MethodView {
    MethodView {
        id: ABOUT.id,
        name: ABOUT.name,
        order: None,
        evaluations: ABOUT.evaluations.to_string(),
        symplectic: false,
        rule: ABOUT.rule,
        source: ABOUT.source.to_string(),
        stability: ABOUT.stability.to_string(),
        energy: ABOUT.energy,
        style: ABOUT.style,
    }
}

/// A mistake in a rule or a force, as the page marks it.
fn problem(e: RuleError) -> Result<JsValue, JsError> {
    to_js(&ProblemView {
        line: e.line,
        column: e.column,
        text: e.to_string(),
        message: e.message,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RuleProblem"))]
pub(crate) struct ProblemView {
    /// 1-based, where known.
    #[cfg_attr(test, ts(optional))]
    line: Option<usize>,
    #[cfg_attr(test, ts(optional))]
    column: Option<usize>,
    message: String,
    /// The whole message, with its line and column: "line 2, column 5: …".
    text: String,
}

/// What is wrong with a rule (its line and column where known), or undefined when it compiles and runs.
#[wasm_bindgen(js_name = checkRule)]
pub fn check_rule(text: &str) -> Result<JsValue, JsError> {
    match Rule::compile(text) {
        Ok(_) => Ok(JsValue::UNDEFINED),
        Err(e) => problem(e),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "RuleTemplate"))]
pub(crate) struct TemplateView {
    method: &'static str,
    name: &'static str,
    text: &'static str,
}

/// Every method of the lab's that a rule can write, as a rule: the editor's starting points.
#[wasm_bindgen(js_name = ruleTemplates)]
pub fn rule_templates() -> Result<JsValue, JsError> {
    let list: Vec<TemplateView> = TEMPLATES
        .iter()
        .map(|(m, text)| TemplateView {
            method: m.id(),
            name: m.info().name,
            text,
        })
        .collect();
    to_js(&list)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ReportCard"))]
pub(crate) struct CardView {
    /// The card as the CLI prints it, one fact a line.
    lines: Vec<String>,
    /// The lab's method it equals to round-off, where it is one.
    #[cfg_attr(test, ts(optional))]
    equals: Option<&'static str>,
    /// The mistake its numbers point to, for a wrong rule.
    #[cfg_attr(test, ts(optional))]
    mistake: Option<String>,
}

/// The report card of a rule (measured on the spring and under drag, and on `scenario` where given): up to
/// a second or two of work, which the page asks of its studies worker.
#[wasm_bindgen(js_name = reportCard)]
pub fn report_card(text: &str, scenario: Option<String>) -> Result<JsValue, JsError> {
    let card = grade::report(
        request::rule_method(text).map_err(js_error)?,
        scenario.as_deref(),
    )
    .map_err(js_error)?;
    to_js(&CardView {
        lines: card.lines(),
        equals: card.equals.map(|m| m.id()),
        mistake: card.mistake.clone(),
    })
}

/// What is wrong with a force (its line and column where known), or undefined when it compiles and runs.
#[wasm_bindgen(js_name = checkForce)]
pub fn check_force(text: &str) -> Result<JsValue, JsError> {
    match CustomForce::compile(text) {
        Ok(_) => Ok(JsValue::UNDEFINED),
        Err(e) => problem(e),
    }
}

/// A force as a scenario, as the catalogue lists the lab's (its parameters, units, scene); throws the
/// mistake in it.
#[wasm_bindgen(js_name = forceScenario)]
pub fn force_scenario(text: &str) -> Result<JsValue, JsError> {
    let force = CustomForce::compile(text).map_err(|e| js_error(format!("your force: {e}")))?;
    to_js(&crate::scenario_view(force))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ForceTemplate"))]
pub(crate) struct ForceTemplateView {
    name: &'static str,
    text: &'static str,
}

/// Forces to start from.
#[wasm_bindgen(js_name = forceTemplates)]
pub fn force_templates() -> Result<JsValue, JsError> {
    let list: Vec<ForceTemplateView> = force::TEMPLATES
        .iter()
        .map(|&(name, text)| ForceTemplateView { name, text })
        .collect();
    to_js(&list)
}
