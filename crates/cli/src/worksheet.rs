//! `integrator-lab worksheet FILE [--name NAME] [--answers FILE_OR_CODE]`: a worksheet's answer key as the
//! core computes it, or a student's answers graded; `--scorm OUT.zip`: the worksheet as a SCORM package.

use std::io::Write;

use integrator_lab::format;
use integrator_lab::worksheets::{self, handin::HandIn, Worksheet};

use crate::{stdout, Failure, Outcome};

/// A built-in worksheet's id (a word that names one), or else a worksheet file. A file named like a
/// built-in does not shadow it: write `./fiedler` for the file.
fn load(file: &str) -> Result<Worksheet, Failure> {
    load_with_text(file).map(|(sheet, _)| sheet)
}

/// The worksheet and its text (a built-in's own).
fn load_with_text(file: &str) -> Result<(Worksheet, String), Failure> {
    let built_in = |id: &str| {
        worksheets::BUILT_IN
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, text)| text.to_string())
    };
    if let Some(text) = built_in(file) {
        let sheet =
            worksheets::built_in(file).map_err(|e| Failure::Input(format!("{file}: {e}")))?;
        return Ok((sheet, text));
    }
    match std::fs::read_to_string(file) {
        Ok(text) => worksheets::parse("", &text)
            .map(|sheet| (sheet, text))
            .map_err(|e| Failure::Input(format!("{file}: {e}"))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(worksheets::built_in(file)
            .map_or_else(
                |_| {
                    let known: Vec<&str> = worksheets::BUILT_IN.iter().map(|(id, _)| *id).collect();
                    Failure::Input(format!(
                        "{file}: no such file, nor a built-in worksheet (built in: {})",
                        known.join(", ")
                    ))
                },
                |_| Failure::Input(format!("{file}: no such file")),
            )),
        Err(e) => Err(Failure::Input(format!("{file}: {e}"))),
    }
}

/// The worksheet as a SCORM package at `out`: the site's files it needs (the core says which), the lab's page
/// as its launch page, the worksheet's text and the core's manifest, as the teacher's page zips them.
pub fn package(file: &str, version: &str, site: &str, out: &str) -> Outcome {
    use integrator_lab::worksheets::scorm::{self, Version};
    let (sheet, text) = load_with_text(file)?;
    let version = Version::from_id(version)?;
    let root = std::path::Path::new(site);
    let read = |path: &str| {
        std::fs::read(root.join(path)).map_err(|e| {
            Failure::Input(format!(
                "{site}/{path}: {e} (--site names the built site: npm run build writes www/dist)"
            ))
        })
    };
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let assets = root.join("assets");
    let mut names: Vec<String> = std::fs::read_dir(&assets)
        .map_err(|e| Failure::Input(format!("{}: {e}", assets.display())))?
        .filter_map(|entry| entry.ok())
        .map(|entry| format!("assets/{}", entry.file_name().to_string_lossy()))
        .filter(|name| scorm::carries(name))
        .collect();
    names.sort();
    for name in names {
        let bytes = read(&name)?;
        files.push((name, bytes));
    }
    let index = String::from_utf8_lossy(&read("index.html")?).into_owned();
    files.push(("index.html".into(), scorm::launch_page(&index).into_bytes()));
    files.push((
        format!("worksheets/{}.toml", scorm::file_name(&sheet)),
        text.into_bytes(),
    ));
    files.sort_by(|a, b| a.0.cmp(&b.0));
    let listed: Vec<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let manifest = scorm::manifest(&sheet, version, &listed);
    let zip_error = |e: zip::result::ZipError| Failure::Input(format!("{out}: {e}"));
    let mut zip = zip::ZipWriter::new(std::fs::File::create(out)?);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("imsmanifest.xml", options)
        .map_err(zip_error)?;
    zip.write_all(manifest.as_bytes())?;
    for (name, bytes) in &files {
        zip.start_file(name.as_str(), options).map_err(zip_error)?;
        zip.write_all(bytes)?;
    }
    zip.finish().map_err(zip_error)?;
    crate::say(&format!(
        "{out}: SCORM {} package of {} ({} files): add it to a course as a SCORM package activity",
        version.id(),
        sheet.id,
        files.len() + 1
    ));
    Ok(())
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
