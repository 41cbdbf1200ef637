//! A serde `Deserializer` over a parsed document. Every error is given the
//! line of the innermost value that produced it.

use super::value::{Entry, Table, Value};
use super::Error;
use serde::de::value::StrDeserializer;
use serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};

/// Deserializes one value; the root table is passed as a `Value::Table`.
#[derive(Clone, Copy)]
pub(super) struct ValueDeserializer<'a> {
    value: &'a Value,
    line: usize,
}

impl<'a> ValueDeserializer<'a> {
    pub(super) fn new(value: &'a Value, line: usize) -> ValueDeserializer<'a> {
        let line = match value {
            Value::Table(table) if table.line > 0 => table.line,
            _ => line,
        };
        ValueDeserializer { value, line }
    }
}

impl<'de> Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Table(table) => visitor.visit_map(Entries {
                entries: table.entries.iter(),
                pending: None,
            }),
            Value::String(text) => visitor.visit_str(text),
            Value::Integer(number) => visitor.visit_i64(*number),
            Value::Float(number) => visitor.visit_f64(*number),
            Value::Boolean(flag) => visitor.visit_bool(*flag),
            Value::Array(items) => visitor.visit_seq(Items {
                items: items.iter(),
                line: self.line,
            }),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor
            .visit_some(self)
            .map_err(|error| error.or_line(self.line))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor
            .visit_newtype_struct(self)
            .map_err(|error| error.or_line(self.line))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::String(text) => {
                let variant: StrDeserializer<'_, Error> = text.as_str().into_deserializer();
                visitor.visit_enum(variant)
            }
            Value::Table(Table { entries, .. }) if entries.len() == 1 => match entries.first() {
                Some(entry) => visitor.visit_enum(Variant { entry }),
                None => Err(serde::de::Error::custom("expected one key")),
            },
            _ => Err(serde::de::Error::custom(
                "expected a variant name as a string, or a table with exactly one key",
            )),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    // Structs, maps, lists and names accept only their own kind of value. Going
    // through `deserialize_any` would also build every other `visit_*` path of
    // each derived visitor (a struct read from a list, for one), which TOML has
    // no use for and which made this reader's share of the first download
    // much larger.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Table(table) => visitor.visit_map(Entries {
                entries: table.entries.iter(),
                pending: None,
            }),
            other => Err(unexpected(other, &visitor)),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::Array(items) => visitor.visit_seq(Items {
                items: items.iter(),
                line: self.line,
            }),
            other => Err(unexpected(other, &visitor)),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            Value::String(text) => visitor.visit_str(text),
            other => Err(unexpected(other, &visitor)),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char
        bytes byte_buf unit unit_struct tuple tuple_struct ignored_any
    }
}

/// The error for a value of the wrong kind, worded as serde words it.
fn unexpected(value: &Value, expected: &dyn serde::de::Expected) -> Error {
    let found = match value {
        Value::String(text) => Unexpected::Str(text),
        Value::Integer(number) => Unexpected::Signed(*number),
        Value::Float(number) => Unexpected::Float(*number),
        Value::Boolean(flag) => Unexpected::Bool(*flag),
        Value::Array(_) => Unexpected::Seq,
        Value::Table(_) => Unexpected::Map,
    };
    serde::de::Error::invalid_type(found, expected)
}

struct Items<'a> {
    items: std::slice::Iter<'a, Value>,
    line: usize,
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        match self.items.next() {
            Some(item) => seed
                .deserialize(ValueDeserializer::new(item, self.line))
                .map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

struct Entries<'a> {
    entries: std::slice::Iter<'a, Entry>,
    pending: Option<&'a Entry>,
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(entry) = self.entries.next() else {
            return Ok(None);
        };
        self.pending = Some(entry);
        let key: StrDeserializer<'_, Error> = entry.key.as_str().into_deserializer();
        seed.deserialize(key)
            .map(Some)
            .map_err(|error| error.or_line(entry.line))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let entry = self.pending.take().ok_or_else(|| {
            <Error as serde::de::Error>::custom("a value was asked for before its key")
        })?;
        seed.deserialize(ValueDeserializer::new(&entry.value, entry.line))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// An enum written as a table with one key: `{ relative = 0.02 }`.
struct Variant<'a> {
    entry: &'a Entry,
}

impl<'de, 'a> EnumAccess<'de> for Variant<'a> {
    type Error = Error;
    type Variant = ValueDeserializer<'a>;

    fn variant_seed<T: DeserializeSeed<'de>>(
        self,
        seed: T,
    ) -> Result<(T::Value, ValueDeserializer<'a>), Error> {
        let key: StrDeserializer<'_, Error> = self.entry.key.as_str().into_deserializer();
        let variant = seed
            .deserialize(key)
            .map_err(|error| error.or_line(self.entry.line))?;
        Ok((
            variant,
            ValueDeserializer::new(&self.entry.value, self.entry.line),
        ))
    }
}

impl<'de> VariantAccess<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Err(Error::at(
            self.line,
            "this variant takes no value; write it as a string",
        ))
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_any(visitor)
    }
}
