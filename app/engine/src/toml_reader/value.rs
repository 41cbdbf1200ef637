//! The parsed document: values, and tables that remember their order and lines.

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// One TOML value. Dates are not part of the model (see the module docs).
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    String(String),
    Integer(i64),
    Float(f64),
    Boolean(bool),
    Array(Vec<Value>),
    Table(Table),
}

/// A table in document order. Each entry keeps the line of its key, and the
/// table keeps the line that opened it, so errors can point at them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Table {
    pub(crate) line: usize,
    pub(crate) entries: Vec<Entry>,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    pub(crate) key: String,
    pub(crate) line: usize,
    pub(crate) value: Value,
}

impl Table {
    /// The value under `key`, if any.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.entries
            .iter()
            .find(|entry| entry.key == key)
            .map(|entry| &entry.value)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The 1-based line that opened the table (its `[header]`, or the line
    /// of the key that holds an inline table).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based line where `key` is written, if the key is in this table.
    pub fn line_of(&self, key: &str) -> Option<usize> {
        self.entries
            .iter()
            .find(|entry| entry.key == key)
            .map(|entry| entry.line)
    }

    /// Keys and values in the order the document wrote them.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries
            .iter()
            .map(|entry| (entry.key.as_str(), &entry.value))
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

impl<'de> Deserialize<'de> for Table {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Table, D::Error> {
        match deserializer.deserialize_any(ValueVisitor)? {
            Value::Table(table) => Ok(table),
            _ => Err(serde::de::Error::custom("expected a table")),
        }
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a TOML value")
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Boolean(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Integer(value))
    }

    fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Value, E> {
        i64::try_from(value)
            .map(Value::Integer)
            .map_err(|_| E::custom("integer is too large for TOML"))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Value, E> {
        Ok(Value::Float(value))
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_string()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut table = Table::default();
        while let Some((key, value)) = map.next_entry::<String, Value>()? {
            table.entries.push(Entry {
                key,
                line: 0,
                value,
            });
        }
        Ok(Value::Table(table))
    }
}
