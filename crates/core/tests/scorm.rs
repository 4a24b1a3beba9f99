//! A worksheet as a SCORM package: the manifest an LMS imports passes the structural checks, and what the
//! launch page reports on hand-in is the core's grading of the same answers.

use integrator_lab::worksheets::scorm::{self, Version};
use integrator_lab::worksheets::{built_in, parse};

/// The values of the elements reported, by name.
fn value<'a>(report: &'a [(String, String)], name: &str) -> Option<&'a str> {
    report
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[test]
fn a_manifest_has_one_organization_a_unique_identifier_and_its_launch_file() {
    let sheet = built_in("fiedler").unwrap();
    let files = vec![
        "index.html".to_string(),
        "worksheets/fiedler.toml".to_string(),
    ];
    for version in Version::ALL {
        let xml = scorm::manifest(&sheet, version, &files);
        assert_eq!(xml.matches("<organization ").count(), 1, "{xml}");
        assert_eq!(xml.matches("<resource ").count(), 1);
        assert!(xml.contains(&format!(
            "<schemaversion>{}</schemaversion>",
            version.schema()
        )));
        // The launch page, with its query, names a file the package lists.
        let launch = scorm::launch(&sheet, version);
        assert_eq!(
            launch,
            format!(
                "index.html?worksheet=worksheets/fiedler.toml&scorm={}",
                version.id()
            )
        );
        assert!(xml.contains(&format!("href=\"{}\"", launch.replace('&', "&amp;"))));
        for f in &files {
            assert!(xml.contains(&format!("<file href=\"{f}\"/>")), "{f}");
        }
        let sco = match version {
            Version::V12 => "adlcp:scormtype=\"sco\"",
            Version::V2004 => "adlcp:scormType=\"sco\"",
        };
        assert!(xml.contains(sco));
    }
    // Each version's package is a different activity: their identifiers differ.
    let id = |v| {
        let xml = scorm::manifest(&sheet, v, &files);
        xml.split("identifier=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .to_string()
    };
    assert_ne!(id(Version::V12), id(Version::V2004));
    assert!(id(Version::V12).starts_with("integrator-lab-fiedler"));
}

#[test]
fn a_hand_in_reports_the_cores_grading_and_each_task_as_an_interaction() {
    let sheet = built_in("fiedler").unwrap();
    let key = sheet.key("Ada Lovelace").unwrap();
    // Tasks 1 and 4 are predictions (500: wrong), 2 and 3 right, 5 an explanation, 6 blank.
    let answers: Vec<String> = ["500", "50", "499.497", "euler", "It lags.", ""]
        .map(String::from)
        .to_vec();
    let graded = key.grade(&sheet, &answers);
    for version in Version::ALL {
        let (report, cuts) = scorm::report(&sheet, &graded, &answers, version);
        assert!(cuts.is_empty());
        let score = match version {
            Version::V12 => "cmi.core.score",
            Version::V2004 => "cmi.score",
        };
        // In percent, as LMSs grade out of 100: 2 of the 3 graded tasks.
        assert_eq!(value(&report, &format!("{score}.raw")), Some("66.67"));
        assert_eq!(value(&report, &format!("{score}.max")), Some("100"));
        // No pass in the worksheet: 2004 says unknown, 1.2 only completed.
        match version {
            Version::V12 => assert_eq!(value(&report, "cmi.core.lesson_status"), Some("completed")),
            Version::V2004 => {
                assert_eq!(value(&report, "cmi.success_status"), Some("unknown"));
                assert_eq!(value(&report, "cmi.completion_status"), Some("completed"));
                let scaled: f64 = value(&report, "cmi.score.scaled").unwrap().parse().unwrap();
                assert_eq!(scaled, graded.right as f64 / graded.graded as f64);
            }
        }
        // Task 1 is a prediction: neutral for the gradebook, and said so in 2004's description.
        assert_eq!(value(&report, "cmi.interactions.0.result"), Some("neutral"));
        if version == Version::V2004 {
            assert!(value(&report, "cmi.interactions.0.description")
                .unwrap()
                .starts_with("(a prediction, not in the score)"));
        }
        let wrong = if version == Version::V12 {
            "wrong"
        } else {
            "incorrect"
        };
        assert_eq!(value(&report, "cmi.interactions.5.result"), Some(wrong));
        assert_eq!(value(&report, "cmi.interactions.1.result"), Some("correct"));
        assert_eq!(value(&report, "cmi.interactions.1.type"), Some("numeric"));
        assert_eq!(value(&report, "cmi.interactions.3.type"), Some("choice"));
        assert_eq!(value(&report, "cmi.interactions.4.result"), Some("neutral"));
        assert_eq!(value(&report, "cmi.interactions.5.id"), Some("task-6"));
    }
    // The graded score leaves the predictions out: 2 of the 3 graded tasks (2, 3 and 6).
    assert_eq!((graded.right, graded.graded), (2, 3));
}

#[test]
fn a_pass_mark_decides_passed_or_failed_and_a_long_explanation_is_cut_for_scorm_12() {
    let text = "title = \"t\"\npass = 0.5\n\n[[task]]\nsetup = \"scenario=constant-force&methods=euler&dt=1&until=10\"\nkind = \"number\"\nquestion = \"Where?\"\nquantity = \"position\"\nunit = \"m\"\n\n[[task]]\nsetup = \"scenario=constant-force&methods=euler&dt=1&until=10\"\nkind = \"explain\"\nquestion = \"Why?\"\n";
    let sheet = parse("", text).unwrap();
    let key = sheet.key("").unwrap();
    let long = "x".repeat(300);
    for (first, status12, status2004) in [("450", "passed", "passed"), ("500", "failed", "failed")]
    {
        let answers = vec![first.to_string(), long.clone()];
        let graded = key.grade(&sheet, &answers);
        let (r12, cuts) = scorm::report(&sheet, &graded, &answers, Version::V12);
        assert_eq!(value(&r12, "cmi.core.lesson_status"), Some(status12));
        assert_eq!(
            value(&r12, "cmi.interactions.1.student_response").map(str::len),
            Some(255)
        );
        assert_eq!(cuts.len(), 1);
        let (r2004, cuts) = scorm::report(&sheet, &graded, &answers, Version::V2004);
        assert_eq!(value(&r2004, "cmi.success_status"), Some(status2004));
        assert_eq!(
            value(&r2004, "cmi.interactions.1.learner_response"),
            Some(long.as_str())
        );
        assert!(cuts.is_empty());
    }
    let xml = scorm::manifest(&sheet, Version::V12, &[]);
    assert!(xml.contains("<adlcp:masteryscore>50</adlcp:masteryscore>"));
    for bad in ["0", "1.5", "-1"] {
        let err = parse("", &text.replace("pass = 0.5", &format!("pass = {bad}"))).unwrap_err();
        assert!(
            err.to_string().contains("fraction of the graded tasks"),
            "{err}"
        );
    }
}

/// A package carries the site's built assets but the builds a worksheet never loads, and the lab's page as its
/// launch page without the web app manifest, which a package does not hold.
#[test]
fn a_package_carries_what_a_worksheet_page_loads_and_no_web_app_manifest() {
    assert!(scorm::carries("assets/index-abc.js"));
    assert!(scorm::carries("assets/classroom_bg-abc.wasm"));
    assert!(scorm::carries("assets/studies_bg-abc.wasm"));
    assert!(!scorm::carries("assets/base_bg-abc.wasm"));
    assert!(!scorm::carries("assets/language_bg-abc.wasm"));
    assert!(!scorm::carries("assets/index-abc.js.map"));
    assert!(!scorm::carries("sw.js"));
    assert!(!scorm::carries("manifest.webmanifest"));
    let page = "<head>\n<link rel=\"icon\" href=\"data:,\" />\n<link rel=\"manifest\" href=\"./manifest.webmanifest\" />\n</head>";
    let launch = scorm::launch_page(page);
    assert!(!launch.contains("manifest"), "{launch}");
    assert!(launch.contains("rel=\"icon\""));
}
