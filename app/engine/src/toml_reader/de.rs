//! A serde `Deserializer` over a parsed document. Every error is given the
//! line of the innermost value that produced it.

use super::value::{Entry, Table, Value};
use super::Error;
use serde::de::value::StrDeserializer;
use serde::de::{
    DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

/// Deserializes a document's root table.
pub(super) struct TableDeserializer<'a> {
    value: ValueDeserializer<'a>,
}

impl<'a> TableDeserializer<'a> {
    pub(super) fn new(table: &'a Table) -> TableDeserializer<'a> {
        TableDeserializer {
            value: ValueDeserializer {
                value: ValueRef::Table(table),
                line: table.line,
            },
        }
    }
}

#[derive(Clone, Copy)]
enum ValueRef<'a> {
    Value(&'a Value),
    Table(&'a Table),
}

#[derive(Clone, Copy)]
struct ValueDeserializer<'a> {
    value: ValueRef<'a>,
    line: usize,
}

impl<'a> ValueDeserializer<'a> {
    fn new(value: &'a Value, line: usize) -> ValueDeserializer<'a> {
        let value = match value {
            Value::Table(table) => ValueRef::Table(table),
            other => ValueRef::Value(other),
        };
        let line = match value {
            ValueRef::Table(table) if table.line > 0 => table.line,
            _ => line,
        };
        ValueDeserializer { value, line }
    }
}

impl<'de> Deserializer<'de> for TableDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.value.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de> Deserializer<'de> for ValueDeserializer<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let result = match self.value {
            ValueRef::Table(table) => visitor.visit_map(Entries {
                entries: table.entries.iter(),
                pending: None,
            }),
            ValueRef::Value(Value::Table(table)) => visitor.visit_map(Entries {
                entries: table.entries.iter(),
                pending: None,
            }),
            ValueRef::Value(Value::String(text)) => visitor.visit_str(text),
            ValueRef::Value(Value::Integer(number)) => visitor.visit_i64(*number),
            ValueRef::Value(Value::Float(number)) => visitor.visit_f64(*number),
            ValueRef::Value(Value::Boolean(flag)) => visitor.visit_bool(*flag),
            ValueRef::Value(Value::Array(items)) => visitor.visit_seq(Items {
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
        let table = match self.value {
            ValueRef::Table(table) => Some(table),
            ValueRef::Value(Value::Table(table)) => Some(table),
            _ => None,
        };
        let result = match (self.value, table.map(|table| table.entries.as_slice())) {
            (ValueRef::Value(Value::String(text)), _) => {
                let variant: StrDeserializer<'_, Error> = text.as_str().into_deserializer();
                visitor.visit_enum(variant)
            }
            (_, Some([entry])) => visitor.visit_enum(Variant { entry }),
            _ => Err(serde::de::Error::custom(
                "expected a variant name as a string, or a table with exactly one key",
            )),
        };
        result.map_err(|error| error.or_line(self.line))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map struct
        identifier ignored_any
    }
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
