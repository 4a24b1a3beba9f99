//! `integrator-lab worksheet FILE [--name NAME] [--answers FILE_OR_CODE]`: a worksheet's answer key as the
//! core computes it, or a student's answers graded.

use std::io::Write;

use integrator_lab::format;
use integrator_lab::worksheets::{self, handin::HandIn, Worksheet};

use crate::{stdout, Failure, Outcome};

/// A built-in worksheet's id (a word that names one), or else a worksheet file. A file named like a
/// built-in does not shadow it: write `./fiedler` for the file.
fn load(file: &str) -> Result<Worksheet, Failure> {
    if worksheets::BUILT_IN.iter().any(|(id, _)| *id == file) {
        return worksheets::built_in(file).map_err(|e| Failure::Input(format!("{file}: {e}")));
    }
    match std::fs::read_to_string(file) {
        Ok(text) => {
            worksheets::parse("", &text).map_err(|e| Failure::Input(format!("{file}: {e}")))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            worksheets::built_in(file).map_err(|_| {
                let known: Vec<&str> = worksheets::BUILT_IN.iter().map(|(id, _)| *id).collect();
                Failure::Input(format!(
                    "{file}: no such file, nor a built-in worksheet (built in: {})",
                    known.join(", ")
                ))
            })
        }
        Err(e) => Err(Failure::Input(format!("{file}: {e}"))),
    }
}

fn kind(task: &worksheets::Task) -> String {
    let name = task.kind.name();
    if task.predict {
        format!("{name}, predict")
    } else {
        name.to_string()
    }
}

fn params_text(params: &[(String, f64)]) -> String {
    params
        .iter()
        .map(|(n, v)| format!("{n} = {}", format::number(*v)))
        .collect::<Vec<_>>()
        .join(", ")
}

pub fn run(file: &str, name: &str, answers: Option<&str>) -> Outcome {
    let sheet = load(file)?;
    let mut out = stdout();
    let Some(answers) = answers else {
        let key = sheet
            .key(name)
            .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
        let article = sheet
            .article
            .and_then(worksheets::article_citation)
            .map(|c| format!(" ({c})"))
            .unwrap_or_default();
        writeln!(out, "{}{article}: {} tasks", sheet.title, sheet.tasks.len())?;
        if !key.params.is_empty() {
            let who = if name.is_empty() { "(no name)" } else { name };
            writeln!(
                out,
                "student: {who}; parameters drawn: {}",
                params_text(&key.params)
            )?;
        }
        for (i, (task, answer)) in sheet.tasks.iter().zip(&key.answers).enumerate() {
            writeln!(out, "{}. [{}] ?{}", i + 1, kind(task), key.setups[i])?;
            writeln!(out, "   {}", task.question.trim().replace('\n', " "))?;
            writeln!(out, "   answer: {}", answer.text())?;
        }
        return Ok(out.flush()?);
    };
    // A hand-in code, or an answers file.
    // A code, unless a file of that name exists (an answers file may be called IL-anything).
    let handin =
        if answers.trim_start().starts_with("IL1.") && !std::path::Path::new(answers).is_file() {
            HandIn::read(answers).map_err(|e| Failure::Input(format!("the code is {e}")))?
        } else {
            let text = std::fs::read_to_string(answers)
                .map_err(|e| Failure::Input(format!("{answers}: {e}")))?;
            worksheets::handin::read_answers_file(&text, &sheet.id)
                .map_err(|e| Failure::Input(format!("{answers}: {e}")))?
        };
    if handin.worksheet != sheet.id {
        return Err(Failure::Input(format!(
            "the answers are for worksheet '{}', not '{}'",
            format::printable(&handin.worksheet),
            sheet.id
        )));
    }
    let student = if handin.name.is_empty() {
        name
    } else {
        &handin.name
    };
    let key = sheet
        .key(student)
        .map_err(|e| Failure::Input(format!("{file}: {e}")))?;
    // What came from the code or the file is printed with its control characters escaped: a name cannot
    // rewrite the line, or the score.
    writeln!(
        out,
        "student: {}; worksheet: {}",
        format::printable(student),
        sheet.id
    )?;
    if !handin.params.is_empty() && handin.params != key.params {
        writeln!(
            out,
            "note: the code's parameters ({}) are not the ones drawn for this name ({}): graded with the name's",
            params_text(&handin.params),
            params_text(&key.params)
        )?;
    }
    if let (Some(theirs), Some(ours)) = (&handin.version, &sheet.version) {
        if theirs != ours {
            writeln!(
                out,
                "note: handed in for version {} of the worksheet; this is version {ours}",
                format::printable(theirs)
            )?;
        }
    }
    let graded = key.grade(&sheet, &handin.answers);
    for (i, c) in graded.checked.iter().enumerate() {
        let given = handin.answers.get(i).map(|a| a.trim()).unwrap_or("");
        writeln!(
            out,
            "{}. {}: {} — {}",
            i + 1,
            c.verdict.id(),
            if given.is_empty() {
                "(none)".to_string()
            } else {
                format::printable(given)
            },
            format::printable(&c.feedback.replace('\n', " "))
        )?;
    }
    // Answers past the last task belong to no task: said, not dropped without a word.
    if handin.answers.len() > sheet.tasks.len() {
        writeln!(
            out,
            "note: {} answers for tasks this worksheet does not have ({} tasks) were not graded",
            handin.answers.len() - sheet.tasks.len(),
            sheet.tasks.len()
        )?;
    }
    writeln!(out, "score: {}", graded.score())?;
    Ok(out.flush()?)
}
