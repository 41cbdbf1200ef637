//! Hash routes. The app lives at `index.html#/...`, so any static file server
//! can serve every deep link, under any sub-path, with no rewrite rules.

use crate::escape;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// The course map.
    Home,
    /// A module, optionally scrolled to a section.
    Module {
        slug: String,
        section: Option<String>,
    },
    /// A widget on its own page.
    Lab {
        widget: String,
    },
    /// A chrome-less widget or quiz for iframes.
    Embed {
        kind: String,
        id: String,
    },
    Glossary,
    Progress,
    /// Anything else, kept so the not-found page can show it.
    NotFound {
        path: String,
    },
}

/// A location: the route plus its decoded query pairs (widget state).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub route: Route,
    pub query: Vec<(String, String)>,
}

impl Location {
    /// Parses `location.hash`, e.g. `#/m/why-hardware?train-compute.params=7e9`.
    /// Never fails: garbage becomes `Route::NotFound`.
    pub fn parse(hash: &str) -> Location {
        let trimmed = hash.strip_prefix('#').unwrap_or(hash);
        let (path, query) = trimmed.split_once('?').unwrap_or((trimmed, ""));
        Location {
            route: Route::parse(path),
            query: parse_query(query),
        }
    }

    /// The hash for this location, e.g. `#/lab/train-compute?params=7e9`.
    pub fn to_hash(&self) -> String {
        let mut hash = format!("#{}", self.route.path());
        if !self.query.is_empty() {
            hash.push('?');
            hash.push_str(&encode_query(&self.query));
        }
        hash
    }

    pub fn query_value(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl Route {
    pub fn parse(path: &str) -> Route {
        let segments: Vec<String> = path
            .split('/')
            .filter(|s| !s.is_empty())
            .map(escape::percent_decode)
            .collect();
        let parts: Vec<&str> = segments.iter().map(String::as_str).collect();
        match parts.as_slice() {
            [] => Route::Home,
            ["m", slug] => Route::Module {
                slug: (*slug).to_string(),
                section: None,
            },
            ["m", slug, section] => Route::Module {
                slug: (*slug).to_string(),
                section: Some((*section).to_string()),
            },
            ["lab", widget] => Route::Lab {
                widget: (*widget).to_string(),
            },
            ["embed", kind, id] => Route::Embed {
                kind: (*kind).to_string(),
                id: (*id).to_string(),
            },
            ["glossary"] => Route::Glossary,
            ["progress"] => Route::Progress,
            _ => Route::NotFound {
                path: path.to_string(),
            },
        }
    }

    pub fn path(&self) -> String {
        let enc = escape::percent_encode;
        match self {
            Route::Home => "/".to_string(),
            Route::Module {
                slug,
                section: None,
            } => format!("/m/{}", enc(slug)),
            Route::Module {
                slug,
                section: Some(section),
            } => format!("/m/{}/{}", enc(slug), enc(section)),
            Route::Lab { widget } => format!("/lab/{}", enc(widget)),
            Route::Embed { kind, id } => format!("/embed/{}/{}", enc(kind), enc(id)),
            Route::Glossary => "/glossary".to_string(),
            Route::Progress => "/progress".to_string(),
            Route::NotFound { path } => path.clone(),
        }
    }

    pub fn href(&self) -> String {
        format!("#{}", self.path())
    }
}

pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            (escape::percent_decode(key), escape::percent_decode(value))
        })
        .collect()
}

pub fn encode_query(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(key, value)| {
            format!(
                "{}={}",
                escape::percent_encode(key),
                escape::percent_encode(value)
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(hash: &str, expected: Route) {
        assert_eq!(Location::parse(hash).route, expected, "{hash}");
    }

    #[test]
    fn parses_every_route() {
        check("", Route::Home);
        check("#/", Route::Home);
        check(
            "#/m/why-hardware",
            Route::Module {
                slug: "why-hardware".into(),
                section: None,
            },
        );
        check(
            "#/m/why-hardware/the-gap",
            Route::Module {
                slug: "why-hardware".into(),
                section: Some("the-gap".into()),
            },
        );
        check(
            "#/lab/train-compute",
            Route::Lab {
                widget: "train-compute".into(),
            },
        );
        check(
            "#/embed/widget/train-compute",
            Route::Embed {
                kind: "widget".into(),
                id: "train-compute".into(),
            },
        );
        check("#/glossary", Route::Glossary);
        check("#/progress/", Route::Progress);
        check(
            "#/nope/x/y/z",
            Route::NotFound {
                path: "/nope/x/y/z".into(),
            },
        );
        check(
            "#%%%/<script>",
            Route::NotFound {
                path: "%%%/<script>".into(),
            },
        );
    }

    #[test]
    fn query_round_trips() {
        let location = Location::parse("#/lab/train-compute?params=7e9&note=a%20b%26c");
        assert_eq!(location.query_value("params"), Some("7e9"));
        assert_eq!(location.query_value("note"), Some("a b&c"));
        assert_eq!(Location::parse(&location.to_hash()), location);
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn any_hash_parses_and_round_trips_its_query(hash in ".*") {
                let location = Location::parse(&hash);
                let again = Location::parse(&location.to_hash());
                prop_assert_eq!(again.query, location.query);
            }
        }
    }
}
