//! The reader is checked against the `toml` crate (a dev-dependency only):
//! every content file, hand-picked edge cases and generated documents must
//! parse to the same values, and malformed documents must be refused.

use super::*;
use proptest::prelude::*;
use serde::Deserialize;
use serde_json::{json, Map, Number, Value as Json};

fn ours(text: &str) -> Json {
    match parse(text) {
        Ok(table) => table_json(&table),
        Err(error) => panic!("our reader refused a document: {error}\n{text}"),
    }
}

fn theirs(text: &str) -> Json {
    let table: toml::Table = match toml::from_str(text) {
        Ok(table) => table,
        Err(error) => panic!("the toml crate refused a document: {error}\n{text}"),
    };
    serde_json::to_value(table).unwrap_or(Json::Null)
}

fn table_json(table: &Table) -> Json {
    let mut map = Map::new();
    for (key, value) in table.iter() {
        map.insert(key.to_string(), value_json(value));
    }
    Json::Object(map)
}

fn value_json(value: &Value) -> Json {
    match value {
        Value::String(text) => Json::String(text.clone()),
        Value::Integer(number) => json!(number),
        Value::Float(number) => Number::from_f64(*number).map_or(Json::Null, Json::Number),
        Value::Boolean(flag) => Json::Bool(*flag),
        Value::Array(items) => Json::Array(items.iter().map(value_json).collect()),
        Value::Table(table) => table_json(table),
    }
}

fn same(text: &str) {
    assert_eq!(ours(text), theirs(text), "document:\n{text}");
}

fn content_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content")
}

fn toml_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "toml") {
            out.push(path);
        }
    }
}

#[test]
fn every_content_toml_file_reads_as_the_toml_crate_reads_it() {
    let mut files = Vec::new();
    toml_files(&content_dir(), &mut files);
    assert!(files.len() >= 10, "found only {} TOML files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(ours(&text), theirs(&text), "{}", path.display());
    }
}

#[test]
fn every_front_matter_and_widget_preset_reads_as_the_toml_crate_reads_it() {
    let mut blocks = 0;
    let entries = std::fs::read_dir(content_dir()).map(|dir| dir.flatten().collect::<Vec<_>>());
    for entry in entries.unwrap_or_default() {
        let path = entry.path();
        if path.extension().is_none_or(|ext| ext != "md") || path.ends_with("AUTHORING.md") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut parts = text.split("+++\n");
        if let (Some(""), Some(front)) = (parts.next(), parts.next()) {
            same(front);
            blocks += 1;
        }
        for fence in text.split("```widget ").skip(1) {
            let body = fence
                .split_once('\n')
                .and_then(|(_, rest)| rest.split_once("```"))
                .map(|(body, _)| body)
                .unwrap_or_default();
            same(body);
            blocks += 1;
        }
    }
    assert!(blocks >= 20, "found only {blocks} blocks");
}

#[test]
fn edge_cases_match_the_toml_crate() {
    let cases = [
        "",
        "# only a comment\n",
        "a = 1\r\nb = 'two'\r\n",
        "\"quoted key\" = 1\n'literal key' = 2\n\"\" = 3\n",
        "a.b.c = 1\na.b.d = 2\na.e = 3\n",
        "site.\"google.com\" = true\n",
        "s = \"tab\\there \\\"quote\\\" back\\\\slash \\u00e9 \\U0001F600\"\n",
        "s = 'C:\\Users\\nodejs\\templates'\n",
        "s = \"\"\"\nRoses are red\nViolets are blue\"\"\"\n",
        "s = \"\"\"\\\n    The quick brown \\\n    fox.\\\n    \"\"\"\n",
        "s = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"\n",
        "s = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"\n",
        "s = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n",
        "s = ''''That,' she said, 'is still pointless.''''\n",
        "n = [+99, 42, 0, -17, 1_000, 5_349_221, 0xDEADBEEF, 0xdead_beef, 0o755, 0b11010110]\n",
        "f = [+1.0, 3.1415, -0.01, 5e+22, 1e06, -2E-2, 6.626e-34, 224_617.445_991_228, 0.0, -0.0]\n",
        "b = [true, false]\n",
        "a = [ [ 1, 2 ], [\"a\", 'b'], [ [ 1.5 ] ] ]\nempty = []\n",
        "a = [\n  1, # one\n  2,\n\n  3,\n]\n",
        "t = { x = 1, y.z = \"two\", w = { v = [1, 2] } }\nempty = {}\n",
        "[a]\nx = 1\n[a.b]\ny = 2\n[c.d.e]\nz = 3\n[c]\nw = 4\n",
        "[[fruit]]\nname = \"apple\"\n[fruit.physical]\ncolor = \"red\"\n[[fruit.variety]]\nname = \"red delicious\"\n[[fruit.variety]]\nname = \"granny smith\"\n[[fruit]]\nname = \"banana\"\n[[fruit.variety]]\nname = \"plantain\"\n",
        "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n",
        "  [ spaced . header ]  # comment\n  key = \"v\"  # comment\n",
        "x = 1 # trailing comment\n[t] # header comment\n",
        "unicode = \"καλημέρα κόσμε — ✓\"\n",
        "points = [ { x = 1, y = 2 }, { x = 7, y = 8 } ]\n",
    ];
    for case in cases {
        same(case);
    }
}

#[test]
fn malformed_documents_are_refused_with_a_line() {
    let cases = [
        ("a = 1\na = 2\n", 2),
        ("[t]\n[t]\n", 2),
        ("[t]\nx = 1\n\n[t]\n", 4),
        ("a.b = 1\n[a.b]\n", 2),
        ("[a]\nb = 1\n[a.b]\n", 3),
        ("[[a]]\n[a]\n", 2),
        ("a = [1]\n[[a]]\n", 2),
        ("t = { x = 1 }\n[t]\n", 2),
        ("t = { x = 1 }\nt.y = 2\n", 2),
        ("s = \"open\n", 1),
        ("s = 'open\n", 1),
        ("x = 1\ns = \"\"\"never closed\n", 2),
        ("s = \"\\q\"\n", 1),
        ("n = 012\n", 1),
        ("n = 1__0\n", 1),
        ("n = _1\n", 1),
        ("n = 1.\n", 1),
        ("n = .5\n", 1),
        ("n = 99999999999999999999\n", 1),
        ("x = bare\n", 1),
        ("x = 1 2\n", 1),
        ("x =\n", 1),
        ("= 1\n", 1),
        ("[unclosed\n", 1),
        ("a = [1 2]\n", 1),
        ("a = { x = 1 y = 2 }\n", 1),
        ("\n\nkey\n", 3),
    ];
    for (text, line) in cases {
        match parse(text) {
            Ok(table) => panic!("accepted {text:?} as {table:?}"),
            Err(error) => {
                assert_eq!(error.line(), line, "{text:?}: {}", error.message());
                assert!(!error.message().is_empty());
                assert!(
                    toml::from_str::<toml::Table>(text).is_err(),
                    "toml accepts {text:?}"
                );
            }
        }
    }
}

#[test]
fn dates_are_refused_with_a_hint_to_quote_them() {
    for text in [
        "d = 1979-05-27\n",
        "d = 07:32:00\n",
        "d = 1979-05-27T07:32:00Z\n",
        "d = 1979-05-27 07:32:00\n",
    ] {
        let error = parse(text).err().unwrap_or_else(|| Error::at(0, ""));
        assert_eq!(error.line(), 1, "{text:?}");
        assert!(
            error.message().contains("quoted string"),
            "{}",
            error.message()
        );
    }
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    part: Vec<Part>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
struct Part {
    name: String,
    watts: f64,
    #[serde(default)]
    count: Option<u32>,
    kind: Kind,
    #[serde(default)]
    tolerance: Option<Tolerance>,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Kind {
    Gpu,
    Tpu,
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(rename_all = "snake_case")]
enum Tolerance {
    Relative(f64),
    Absolute(f64),
}

#[derive(Debug, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum Shape {
    Circle { radius: f64 },
    Square { side: f64 },
}

#[test]
fn deserializes_structs_enums_and_options() {
    let text = "[[part]]\nname = \"a\"\nwatts = 400\nkind = \"gpu\"\ntolerance = { relative = 0.02 }\n\n[[part]]\nname = \"b\"\nwatts = 1.5\ncount = 3\nkind = \"tpu\"\n";
    let parsed: Result<Catalogue, Error> = from_str(text);
    assert_eq!(
        parsed,
        Ok(Catalogue {
            part: vec![
                Part {
                    name: "a".into(),
                    watts: 400.0,
                    count: None,
                    kind: Kind::Gpu,
                    tolerance: Some(Tolerance::Relative(0.02)),
                },
                Part {
                    name: "b".into(),
                    watts: 1.5,
                    count: Some(3),
                    kind: Kind::Tpu,
                    tolerance: None,
                },
            ]
        })
    );
    let shapes: Result<Vec<Shape>, Error> =
        from_str::<std::collections::BTreeMap<String, Vec<Shape>>>(
            "[[s]]\nkind = \"circle\"\nradius = 1.0\n[[s]]\nkind = \"square\"\nside = 2\n",
        )
        .map(|mut map| map.remove("s").unwrap_or_default());
    assert_eq!(
        shapes,
        Ok(vec![
            Shape::Circle { radius: 1.0 },
            Shape::Square { side: 2.0 }
        ])
    );
}

#[test]
fn deserialization_errors_name_the_innermost_line() {
    let base = "[[part]]\nname = \"a\"\nwatts = 1\nkind = \"gpu\"\n\n[[part]]\nname = \"b\"\n";
    let missing = from_str::<Catalogue>(&format!("{base}kind = \"gpu\"\n"));
    let error = missing.err().unwrap_or_else(|| Error::at(0, ""));
    assert_eq!(error.line(), 6, "{}", error.message());
    assert!(
        error.message().contains("missing field `watts`"),
        "{}",
        error.message()
    );

    let unknown = from_str::<Catalogue>(&format!("{base}watts = 2\nkind = \"gpu\"\nwats = 3\n"));
    let error = unknown.err().unwrap_or_else(|| Error::at(0, ""));
    assert_eq!(error.line(), 10, "{}", error.message());
    assert!(
        error.message().contains("unknown field `wats`"),
        "{}",
        error.message()
    );

    // Type errors are said in an instructor's words, not Rust's.
    let wrong = from_str::<Catalogue>(&format!("{base}watts = \"lots\"\nkind = \"gpu\"\n"));
    let error = wrong.err().unwrap_or_else(|| Error::at(0, ""));
    assert_eq!(error.line(), 8, "{}", error.message());
    assert_eq!(
        error.message(),
        "expected a number, found the text \"lots\" (remove the quotes)"
    );

    let variant = from_str::<Catalogue>(&format!("{base}watts = 2\nkind = \"fpga\"\n"));
    let error = variant.err().unwrap_or_else(|| Error::at(0, ""));
    assert_eq!(error.line(), 9, "{}", error.message());
    assert!(
        error.message() == "unknown value `fpga`; use one of: gpu, tpu",
        "{}",
        error.message()
    );

    let negative = from_str::<Catalogue>(&format!("{base}watts = 2\ncount = -1\nkind = \"gpu\"\n"));
    let error = negative.err().unwrap_or_else(|| Error::at(0, ""));
    assert_eq!(error.line(), 9, "{}", error.message());
    assert_eq!(
        error.message(),
        "expected a whole number, 0 or more, found -1"
    );
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof!["[a-z][a-z0-9_-]{0,8}", "[ -~]{0,6}", "\\PC{0,4}"]
}

fn leaf() -> impl Strategy<Value = Json> {
    prop_oneof![
        any::<i64>().prop_map(|n| json!(n)),
        (-1e12f64..1e12).prop_map(|f| json!(f)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        any::<bool>().prop_map(Json::Bool),
        "\\PC{0,12}".prop_map(Json::String),
        "[\"'\\\\\\n\\t a-z]{0,10}".prop_map(Json::String),
    ]
}

fn document() -> impl Strategy<Value = Json> {
    let value = leaf().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Json::Array),
            prop::collection::btree_map(key(), inner, 0..4)
                .prop_map(|map| Json::Object(map.into_iter().collect())),
        ]
    });
    prop::collection::btree_map(key(), value, 0..6)
        .prop_map(|map| Json::Object(map.into_iter().collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn generated_documents_read_as_the_toml_crate_reads_them(doc in document()) {
        let table: toml::Table = match serde_json::from_value(doc) {
            Ok(table) => table,
            Err(_) => return Ok(()),
        };
        for text in [toml::to_string(&table), toml::to_string_pretty(&table)].into_iter().flatten() {
            prop_assert_eq!(ours(&text), theirs(&text), "document:\n{}", text);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = parse(&text);
    }

    #[test]
    fn toml_like_text_never_panics(text in "[\\[\\]{}=\"'.,#a-z0-9_+\\-:\\\\ \\n\\r\\t]{0,60}") {
        let _ = parse(&text);
    }
}
