//! The classroom tier's worksheets (feature `classroom`): a worksheet opened for one student, its tasks as the
//! page shows them, answers checked by the core, and hand-in codes written and read. Converts only.

use integrator_lab::worksheets::{
    self, article_citation, handin, handin::HandIn, scorm, Answer, AnswerVerdict, Key, Kind,
    Worksheet,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{js_error, to_js};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "SheetInfo"))]
pub(crate) struct SheetView {
    id: String,
    #[cfg_attr(test, ts(optional))]
    version: Option<String>,
    /// The fraction of the graded tasks to get right to pass, where the worksheet gives one.
    #[cfg_attr(test, ts(optional))]
    pass: Option<f64>,
    title: String,
    /// The article's citation, where the worksheet follows one.
    #[cfg_attr(test, ts(optional))]
    article: Option<String>,
    about: String,
    /// The parameters drawn for this student, by name.
    params: Vec<(String, f64)>,
    tasks: Vec<TaskView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "TaskInfo"))]
pub(crate) struct TaskView {
    /// number, find, choice or explain.
    #[cfg_attr(test, ts(type = "'number' | 'find' | 'choice' | 'explain'"))]
    kind: &'static str,
    predict: bool,
    question: String,
    /// The run, as the page's query, with the student's parameters written in.
    setup: String,
    unit: String,
    /// (id, label) of each option of a choice.
    options: Vec<(String, String)>,
    hints: Vec<String>,
    explanation: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Checked"))]
pub(crate) struct CheckedView {
    #[cfg_attr(test, ts(type = "VerdictId"))]
    verdict: &'static str,
    feedback: String,
    /// Whether the feedback names a known mistake.
    named: bool,
}

/// A hand-in graded: the graded tasks' score, and the predictions apart (they do not cost the mark).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "Graded"))]
pub(crate) struct GradedView {
    checked: Vec<CheckedView>,
    right: usize,
    graded: usize,
    predictions_right: usize,
    predictions: usize,
    /// "3/4", with the predictions apart where there are any.
    score: String,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "HandInInfo"))]
pub(crate) struct HandInView {
    name: String,
    worksheet: String,
    /// The worksheet's version it was handed in for, where the worksheet gives one.
    #[cfg_attr(test, ts(optional))]
    version: Option<String>,
    params: Vec<(String, f64)>,
    answers: Vec<String>,
}

/// The built-in worksheets: id and title, in order.
#[wasm_bindgen(js_name = builtInWorksheets)]
pub fn built_in_worksheets() -> Result<JsValue, JsError> {
    let list: Vec<(String, String)> = worksheets::BUILT_IN
        .iter()
        .map(|(id, _)| {
            worksheets::built_in(id)
                .map(|w| (w.id, w.title))
                .map_err(|e| JsError::new(&e.to_string()))
        })
        .collect::<Result<_, _>>()?;
    to_js(&list)
}

/// A built-in worksheet's TOML, for a teacher to start from.
#[wasm_bindgen(js_name = worksheetText)]
pub fn worksheet_text(id: &str) -> Option<String> {
    worksheets::BUILT_IN
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, text)| text.to_string())
}

/// Reads a hand-in code: `{name, worksheet, params, answers}`; throws why it cannot (not a code, damaged).
#[wasm_bindgen(js_name = readHandIn)]
pub fn read_hand_in(code: &str) -> Result<JsValue, JsError> {
    let h = HandIn::read(code).map_err(|e| JsError::new(&e.to_string()))?;
    to_js(&HandInView {
        name: h.name,
        worksheet: h.worksheet,
        version: h.version,
        params: h.params,
        answers: h.answers,
    })
}

/// Whether `worksheet=` names a built-in (a word) rather than a file on the site or a worksheet's text: the
/// page fetches only what is not one.
#[wasm_bindgen(js_name = isWorksheetId)]
pub fn is_worksheet_id(value: &str) -> bool {
    worksheets::is_id(value)
}

/// The result codes in a pasted text, each whole (see the core's `handin::codes_in`).
#[wasm_bindgen(js_name = codesIn)]
pub fn codes_in(text: &str) -> Vec<String> {
    handin::codes_in(text)
}

/// A student's name with its spaces tidied, as a hand-in and the teacher's table show it.
#[wasm_bindgen(js_name = tidyName)]
pub fn tidy_name(name: &str) -> String {
    worksheets::tidy_name(name)
}

/// A student's name as it identifies them (case and spaces aside): two hand-ins with the same are one
/// student's.
#[wasm_bindgen(js_name = studentKey)]
pub fn student_key(name: &str) -> String {
    worksheets::normal_name(name)
}

/// Each verdict's mark, by its id: what the task list and the teacher's table show.
#[wasm_bindgen(js_name = verdictMarks)]
pub fn verdict_marks() -> Result<JsValue, JsError> {
    let marks: Vec<(&str, &str)> = AnswerVerdict::ALL
        .iter()
        .map(|v| (v.id(), v.mark()))
        .collect();
    to_js(&marks)
}

/// What a hand-in reports to an LMS, in order, and what had to be cut.
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS), ts(rename = "ScormReport"))]
pub(crate) struct ScormReportView {
    values: Vec<(String, String)>,
    cuts: Vec<String>,
}

/// A worksheet opened for one student: its key worked out once, its answers checked by the core.
#[wasm_bindgen]
pub struct WorksheetRun {
    sheet: Worksheet,
    key: Key,
    name: String,
}

#[wasm_bindgen]
impl WorksheetRun {
    /// `source` is a built-in worksheet's id or a worksheet's TOML text. Throws "line N: …" for a malformed
    /// worksheet, and the task and its problem for one whose run cannot be made.
    #[wasm_bindgen(constructor)]
    pub fn new(source: &str, name: &str) -> Result<WorksheetRun, JsError> {
        // A word is a built-in's id (an unknown one is said so); anything else is a worksheet's text.
        let sheet = if worksheets::is_id(source) {
            worksheets::built_in(source)
        } else {
            worksheets::parse("", source)
        }
        .map_err(|e| JsError::new(&e.to_string()))?;
        let key = sheet.key(name).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(WorksheetRun {
            sheet,
            key,
            name: name.to_string(),
        })
    }

    /// The worksheet as the page shows it to this student.
    pub fn info(&self) -> Result<JsValue, JsError> {
        let tasks = self
            .sheet
            .tasks
            .iter()
            .zip(&self.key.setups)
            .map(|(t, setup)| {
                let (unit, options) = match &t.kind {
                    Kind::Number(c) | Kind::Find(c) => (c.unit.clone(), Vec::new()),
                    Kind::Choice(c) => (
                        String::new(),
                        c.options
                            .iter()
                            .cloned()
                            .zip(c.labels.iter().cloned())
                            .collect(),
                    ),
                    Kind::Explain => (String::new(), Vec::new()),
                };
                TaskView {
                    kind: t.kind.name(),
                    predict: t.predict,
                    question: t.question.trim().to_string(),
                    setup: setup.clone(),
                    unit,
                    options,
                    hints: t.hints.clone(),
                    explanation: t.explanation.trim().to_string(),
                }
            })
            .collect();
        to_js(&SheetView {
            id: self.sheet.id.clone(),
            version: self.sheet.version.clone(),
            pass: self.sheet.pass,
            title: self.sheet.title.clone(),
            article: self.sheet.article.and_then(article_citation),
            about: self.sheet.about.trim().to_string(),
            params: self.key.params.clone(),
            tasks,
        })
    }

    /// Checks one answer: `{verdict, feedback}`, verdict one of right, wrong, unreadable, not graded, blank.
    pub fn check(&self, task: usize, answer: &str) -> Result<JsValue, JsError> {
        let c = self.key.check(&self.sheet, task, answer);
        to_js(&CheckedView {
            verdict: c.verdict.id(),
            feedback: c.feedback,
            named: c.named,
        })
    }

    /// Grades a whole hand-in: `{checked: [{verdict, feedback}…], right, graded, predictionsRight,
    /// predictions, score}`, the score counted by the core over the graded tasks, the predictions apart.
    pub fn grade(&self, answers: Vec<String>) -> Result<JsValue, JsError> {
        let graded = self.key.grade(&self.sheet, &answers);
        to_js(&GradedView {
            score: graded.score(),
            checked: graded
                .checked
                .into_iter()
                .map(|c| CheckedView {
                    verdict: c.verdict.id(),
                    feedback: c.feedback,
                    named: c.named,
                })
                .collect(),
            right: graded.right,
            graded: graded.graded,
            predictions_right: graded.predictions_right,
            predictions: graded.predictions,
        })
    }

    /// Each task's correct answer in words (the teacher's key).
    pub fn key(&self) -> Vec<String> {
        self.key.answers.iter().map(Answer::text).collect()
    }

    /// What the launch page of a SCORM package sets in the LMS on hand-in (`version` 1.2 or 2004): `{values:
    /// [[element, value]…], cuts: [what had to be cut…]}`, in the order to set them.
    #[wasm_bindgen(js_name = scormReport)]
    pub fn scorm_report(&self, answers: Vec<String>, version: &str) -> Result<JsValue, JsError> {
        let version = scorm::Version::from_id(version).map_err(js_error)?;
        let graded = self.key.grade(&self.sheet, &answers);
        let (values, cuts) = scorm::report(&self.sheet, &graded, &answers, version);
        to_js(&ScormReportView { values, cuts })
    }

    /// The SCORM package's `imsmanifest.xml` for this worksheet (`version` 1.2 or 2004), listing `files`.
    #[wasm_bindgen(js_name = scormManifest)]
    pub fn scorm_manifest(&self, version: &str, files: Vec<String>) -> Result<String, JsError> {
        let version = scorm::Version::from_id(version).map_err(js_error)?;
        Ok(scorm::manifest(&self.sheet, version, &files))
    }

    /// Where the package keeps the worksheet's text: `worksheets/NAME.toml`.
    #[wasm_bindgen(js_name = scormFile)]
    pub fn scorm_file(&self) -> String {
        format!("worksheets/{}.toml", scorm::file_name(&self.sheet))
    }

    /// The lab's page as a SCORM package's launch page (see the core's `scorm::launch_page`).
    #[wasm_bindgen(js_name = scormLaunchPage)]
    pub fn scorm_launch_page(index_html: &str) -> String {
        scorm::launch_page(index_html)
    }

    /// Whether a built file of the site goes into a SCORM package (see the core's `scorm::carries`).
    #[wasm_bindgen(js_name = scormCarries)]
    pub fn scorm_carries(asset: &str) -> bool {
        scorm::carries(asset)
    }

    /// The most characters of progress the LMS keeps for `version` (its suspend data).
    #[wasm_bindgen(js_name = scormSuspendLimit)]
    pub fn scorm_suspend_limit(version: &str) -> Result<usize, JsError> {
        Ok(scorm::Version::from_id(version)
            .map_err(js_error)?
            .suspend_limit())
    }

    /// The result code for these answers (one a task).
    #[wasm_bindgen(js_name = handIn)]
    pub fn hand_in(&self, answers: Vec<String>) -> String {
        HandIn {
            name: self.name.clone(),
            worksheet: self.sheet.id.clone(),
            version: self.sheet.version.clone(),
            params: self.key.params.clone(),
            answers,
        }
        .code()
    }
}
