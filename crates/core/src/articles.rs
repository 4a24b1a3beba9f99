//! The five articles the lab grows from, named as their own text names them: title, author, year and venue
//! only where the article states them. Methods, scenarios and experiments point here; every label the CLI
//! prints and the page shows names an article through [`Article::citation`] or [`Article::short`].

/// One article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Article {
    /// A stable key, for the page and the CLI (`true-physics`, `fiedler`, …).
    pub id: &'static str,
    pub title: &'static str,
    /// Where the article names its author.
    pub author: Option<&'static str>,
    /// Where the article gives its date.
    pub year: Option<u16>,
    /// What kind of text it is and where it appeared, where the text says.
    pub venue: Option<&'static str>,
    /// How the lab refers to it in a sentence ("Fiedler", "the gravity answer").
    pub short: &'static str,
}

impl Article {
    /// The article's full name: author, title in quotes, then venue and year where known.
    ///
    /// ```
    /// use integrator_lab::articles::{FIEDLER, TRUE_PHYSICS};
    /// assert_eq!(FIEDLER.citation(), "Glenn Fiedler, “Integration Basics”");
    /// assert_eq!(TRUE_PHYSICS.citation(), "“True Physics”, a blog post on the kinematic integrator, 2010");
    /// ```
    pub fn citation(&self) -> String {
        let mut parts = vec![format!("“{}”", self.title)];
        if let Some(author) = self.author {
            parts.insert(0, author.to_string());
        }
        parts.extend(self.venue.map(str::to_string));
        parts.extend(self.year.map(|y| y.to_string()));
        parts.join(", ")
    }
}

pub const TRUE_PHYSICS: Article = Article {
    id: "true-physics",
    title: "True Physics",
    author: None,
    year: Some(2010),
    venue: Some("a blog post on the kinematic integrator"),
    short: "True Physics",
};

pub const FIEDLER: Article = Article {
    id: "fiedler",
    title: "Integration Basics",
    author: Some("Glenn Fiedler"),
    year: None,
    venue: None,
    short: "Fiedler",
};

pub const GRAVITY_ANSWER: Article = Article {
    id: "gravity-answer",
    title: "How can I implement gravity?",
    author: None,
    year: Some(2018),
    venue: Some("a Software Engineering Stack Exchange answer"),
    short: "the gravity answer",
};

pub const VAN_VERTH: Article = Article {
    id: "van-verth",
    title: "Numerical Integration",
    author: Some("Jim Van Verth"),
    year: None,
    venue: Some("a talk (Insomniac Games; Essential Mathematics for Games)"),
    short: "Van Verth",
};

pub const LECTURE: Article = Article {
    id: "lecture",
    title: "Physics Tutorial 2: Numerical Integration",
    author: None,
    year: None,
    venue: Some("a game-physics lecture"),
    short: "the physics lecture",
};

/// Where a method or a scenario comes from, in words: the articles by name, then a note (may be empty).
pub fn sources(articles: &[&Article], note: &str) -> String {
    let mut parts: Vec<String> = articles.iter().map(|a| a.citation()).collect();
    if !note.is_empty() {
        parts.push(note.to_string());
    }
    parts.join("; ")
}

/// The five, in the order the lab lists them.
pub const ALL: [&Article; 5] = [
    &TRUE_PHYSICS,
    &FIEDLER,
    &GRAVITY_ANSWER,
    &VAN_VERTH,
    &LECTURE,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_citations_name_the_title() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(ALL[..i].iter().all(|b| b.id != a.id), "{} twice", a.id);
            assert!(a.citation().contains(a.title));
        }
    }
}
