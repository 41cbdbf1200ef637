//! The TOML grammar: a cursor over the text, and a builder that enforces
//! TOML's rules on where tables may be defined and extended.

use super::value::{Entry, Table, Value};
use super::Error;

/// Parses a whole document into its root table.
pub(super) fn document(text: &str) -> Result<Table, Error> {
    let mut cursor = Cursor::new(text.strip_prefix('\u{feff}').unwrap_or(text));
    let mut root = Builder::new(Kind::Implicit, 1);
    let mut current: Vec<String> = Vec::new();
    loop {
        cursor.skip_blank();
        let Some(byte) = cursor.peek() else { break };
        let line = cursor.line;
        if byte == b'[' {
            cursor.bump();
            let array = cursor.eat(b'[');
            let key = cursor.key()?;
            let closing: &[u8] = if array { b"]]" } else { b"]" };
            if !cursor.eat_all(closing) {
                let wanted = if array { "`]]`" } else { "`]`" };
                return Err(cursor.error(format!("expected {wanted} to close the table header")));
            }
            cursor.end_of_line()?;
            root.open(&key, array, line)?;
            current = key;
        } else {
            let key = cursor.key()?;
            cursor.skip_ws();
            if !cursor.eat(b'=') {
                return Err(cursor.error("expected `=` after the key"));
            }
            cursor.skip_ws();
            let value = cursor.value()?;
            cursor.end_of_line()?;
            root.table_at(&current, line)?.insert(&key, value, line)?;
        }
    }
    Ok(root.finish())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Created on the way to a header, such as `a` for `[a.b]`; a later
    /// `[a]` may still define it.
    Implicit,
    /// Defined by a `[header]` or one `[[header]]` element.
    Header,
    /// Created by a dotted key such as `a.b = 1`.
    Dotted,
}

#[derive(Debug)]
enum Node {
    Leaf(usize, Value),
    Table(Builder),
    Tables(usize, Vec<Builder>),
}

#[derive(Debug)]
struct Builder {
    kind: Kind,
    line: usize,
    entries: Vec<(String, Node)>,
}

impl Builder {
    fn new(kind: Kind, line: usize) -> Builder {
        Builder {
            kind,
            line,
            entries: Vec::new(),
        }
    }

    fn node_mut(&mut self, key: &str) -> Option<&mut Node> {
        self.entries
            .iter_mut()
            .find(|(name, _)| name == key)
            .map(|(_, node)| node)
    }

    /// The table a `[header]` path leads through: an existing table, the
    /// newest element of an array of tables, or a new implicit table.
    fn step(&mut self, key: &str, line: usize) -> Result<&mut Builder, Error> {
        if self.node_mut(key).is_none() {
            self.entries.push((
                key.to_string(),
                Node::Table(Builder::new(Kind::Implicit, line)),
            ));
        }
        match self.node_mut(key) {
            Some(Node::Table(table)) => Ok(table),
            Some(Node::Tables(_, tables)) => tables
                .last_mut()
                .ok_or_else(|| Error::at(line, format!("array of tables `{key}` is empty"))),
            _ => Err(Error::at(
                line,
                format!("key `{key}` already holds a value, so it cannot be a table"),
            )),
        }
    }

    /// Applies a `[a.b]` or `[[a.b]]` header.
    fn open(&mut self, path: &[String], array: bool, line: usize) -> Result<(), Error> {
        let Some((last, parents)) = path.split_last() else {
            return Err(Error::at(line, "a table header needs a name"));
        };
        let mut table = self;
        for key in parents {
            table = table.step(key, line)?;
        }
        let name = path.join(".");
        match (table.node_mut(last), array) {
            (None, false) => table
                .entries
                .push((last.clone(), Node::Table(Builder::new(Kind::Header, line)))),
            (None, true) => table.entries.push((
                last.clone(),
                Node::Tables(line, vec![Builder::new(Kind::Header, line)]),
            )),
            (Some(Node::Table(existing)), false) if existing.kind == Kind::Implicit => {
                existing.kind = Kind::Header;
                existing.line = line;
            }
            (Some(Node::Tables(_, tables)), true) => tables.push(Builder::new(Kind::Header, line)),
            (Some(Node::Table(_)), false) => {
                return Err(Error::at(line, format!("table `{name}` is defined twice")))
            }
            (Some(Node::Tables(..)), false) => {
                return Err(Error::at(
                    line,
                    format!("`{name}` is an array of tables; write `[[{name}]]` to add one"),
                ))
            }
            (Some(_), _) => {
                return Err(Error::at(
                    line,
                    format!("`{name}` is already defined, so `[[{name}]]` cannot add to it"),
                ))
            }
        }
        Ok(())
    }

    /// The table the latest header opened.
    fn table_at(&mut self, path: &[String], line: usize) -> Result<&mut Builder, Error> {
        let mut table = self;
        for key in path {
            table = table.step(key, line)?;
        }
        Ok(table)
    }

    /// Inserts `a.b.c = value`, creating the dotted tables on the way.
    fn insert(&mut self, path: &[String], value: Value, line: usize) -> Result<(), Error> {
        let Some((last, parents)) = path.split_last() else {
            return Err(Error::at(line, "expected a key"));
        };
        let mut table = self;
        for key in parents {
            if table.node_mut(key).is_none() {
                table
                    .entries
                    .push((key.clone(), Node::Table(Builder::new(Kind::Dotted, line))));
            }
            table = match table.node_mut(key) {
                Some(Node::Table(inner)) if inner.kind == Kind::Dotted => inner,
                _ => {
                    return Err(Error::at(
                        line,
                        format!("`{key}` is defined elsewhere, so a dotted key cannot add to it"),
                    ))
                }
            };
        }
        if table.node_mut(last).is_some() {
            return Err(Error::at(line, format!("duplicate key `{last}`")));
        }
        table.entries.push((last.clone(), Node::Leaf(line, value)));
        Ok(())
    }

    fn finish(self) -> Table {
        let line = self.line;
        let entries = self
            .entries
            .into_iter()
            .map(|(key, node)| match node {
                Node::Leaf(line, value) => Entry { key, line, value },
                Node::Table(table) => Entry {
                    key,
                    line: table.line,
                    value: Value::Table(table.finish()),
                },
                Node::Tables(line, tables) => Entry {
                    key,
                    line,
                    value: Value::Array(
                        tables
                            .into_iter()
                            .map(|table| Value::Table(table.finish()))
                            .collect(),
                    ),
                },
            })
            .collect();
        Table { line, entries }
    }
}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Cursor<'a> {
        Cursor {
            text,
            pos: 0,
            line: 1,
        }
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::at(self.line, message)
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<u8> {
        self.text.as_bytes().get(self.pos + offset).copied()
    }

    fn rest(&self) -> &'a str {
        self.text.get(self.pos..).unwrap_or_default()
    }

    /// Moves past one character, counting lines.
    fn bump(&mut self) -> Option<char> {
        let next = self.rest().chars().next()?;
        self.pos += next.len_utf8();
        if next == '\n' {
            self.line += 1;
        }
        Some(next)
    }

    fn eat(&mut self, byte: u8) -> bool {
        if self.peek() == Some(byte) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_all(&mut self, bytes: &[u8]) -> bool {
        if self.rest().as_bytes().starts_with(bytes) {
            for _ in bytes {
                self.bump();
            }
            true
        } else {
            false
        }
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            while !matches!(self.peek(), None | Some(b'\n' | b'\r')) {
                self.bump();
            }
        }
    }

    /// Eats one line ending (`\n` or `\r\n`); a lone `\r` is not one.
    fn newline(&mut self) -> bool {
        if self.peek() == Some(b'\r') && self.peek_at(1) == Some(b'\n') {
            self.bump();
        }
        self.eat(b'\n')
    }

    /// Skips whitespace, comments and line endings.
    fn skip_blank(&mut self) {
        loop {
            self.skip_ws();
            self.skip_comment();
            if !self.newline() {
                break;
            }
        }
    }

    fn end_of_line(&mut self) -> Result<(), Error> {
        self.skip_ws();
        self.skip_comment();
        if self.peek().is_none() || self.newline() {
            Ok(())
        } else {
            Err(self.error("expected the end of the line after the value"))
        }
    }

    /// A dotted key: bare, "basic" or 'literal' parts joined by dots.
    fn key(&mut self) -> Result<Vec<String>, Error> {
        let mut parts = Vec::new();
        loop {
            self.skip_ws();
            let part = match self.peek() {
                Some(b'"') => {
                    self.bump();
                    self.basic_string()?
                }
                Some(b'\'') => {
                    self.bump();
                    self.literal_string()?
                }
                _ => {
                    let start = self.pos;
                    while matches!(
                        self.peek(),
                        Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-')
                    ) {
                        self.bump();
                    }
                    let bare = self.text.get(start..self.pos).unwrap_or_default();
                    if bare.is_empty() {
                        return Err(self.error(
                            "expected a key (letters, digits, `_`, `-`, or a quoted string)",
                        ));
                    }
                    bare.to_string()
                }
            };
            parts.push(part);
            self.skip_ws();
            if !self.eat(b'.') {
                return Ok(parts);
            }
        }
    }

    fn value(&mut self) -> Result<Value, Error> {
        match self.peek() {
            Some(b'"') => if self.eat_all(b"\"\"\"") {
                self.multiline_basic()
            } else {
                self.bump();
                self.basic_string()
            }
            .map(Value::String),
            Some(b'\'') => if self.eat_all(b"'''") {
                self.multiline_literal()
            } else {
                self.bump();
                self.literal_string()
            }
            .map(Value::String),
            Some(b'[') => {
                self.bump();
                self.array()
            }
            Some(b'{') => {
                self.bump();
                self.inline_table()
            }
            Some(_) => self.scalar(),
            None => Err(self.error("expected a value")),
        }
    }

    fn array(&mut self) -> Result<Value, Error> {
        let mut items = Vec::new();
        loop {
            self.skip_blank();
            if self.eat(b']') {
                return Ok(Value::Array(items));
            }
            items.push(self.value()?);
            self.skip_blank();
            if self.eat(b']') {
                return Ok(Value::Array(items));
            }
            if !self.eat(b',') {
                return Err(self.error("expected `,` or `]` in the array"));
            }
        }
    }

    fn inline_table(&mut self) -> Result<Value, Error> {
        let mut table = Builder::new(Kind::Header, self.line);
        loop {
            self.skip_blank();
            if self.eat(b'}') {
                return Ok(Value::Table(table.finish()));
            }
            let line = self.line;
            let key = self.key()?;
            self.skip_ws();
            if !self.eat(b'=') {
                return Err(self.error("expected `=` after the key"));
            }
            self.skip_ws();
            let value = self.value()?;
            table.insert(&key, value, line)?;
            self.skip_blank();
            if self.eat(b'}') {
                return Ok(Value::Table(table.finish()));
            }
            if !self.eat(b',') {
                return Err(self.error("expected `,` or `}` in the inline table"));
            }
        }
    }

    /// The body of a "basic string", after its opening quote.
    fn basic_string(&mut self) -> Result<String, Error> {
        let mut out = String::new();
        loop {
            if matches!(self.peek(), None | Some(b'\n' | b'\r')) {
                return Err(self.error("a string must close on the line it opens"));
            }
            match self.bump() {
                None => return Err(self.error("a string must close on the line it opens")),
                Some('"') => return Ok(out),
                Some('\\') => out.push(self.escape()?),
                Some(c) if c.is_control() && c != '\t' => {
                    return Err(self.error("control characters must be escaped in strings"))
                }
                Some(c) => out.push(c),
            }
        }
    }

    /// The body of a 'literal string', after its opening quote.
    fn literal_string(&mut self) -> Result<String, Error> {
        let mut out = String::new();
        loop {
            if matches!(self.peek(), None | Some(b'\n' | b'\r')) {
                return Err(self.error("a string must close on the line it opens"));
            }
            match self.bump() {
                None => return Err(self.error("a string must close on the line it opens")),
                Some('\'') => return Ok(out),
                Some(c) => out.push(c),
            }
        }
    }

    /// Eats the closing run of a multi-line string, if it starts here: up to
    /// two quotes may sit right before the three that close it, and those
    /// belong to the string.
    fn close_multiline(&mut self, quote: u8, out: &mut String) -> bool {
        let run = self
            .rest()
            .bytes()
            .take_while(|byte| *byte == quote)
            .count();
        if run < 3 {
            return false;
        }
        let extra = run.min(5) - 3;
        out.extend(std::iter::repeat_n(char::from(quote), extra));
        for _ in 0..extra + 3 {
            self.bump();
        }
        true
    }

    fn multiline_basic(&mut self) -> Result<String, Error> {
        let opened = self.line;
        self.newline();
        let mut out = String::new();
        loop {
            if self.close_multiline(b'"', &mut out) {
                return Ok(out);
            }
            match self.bump() {
                None => return Err(Error::at(opened, "this \"\"\" string is never closed")),
                Some('\\') => {
                    let before = self.pos;
                    self.skip_ws();
                    if self.newline() {
                        // A line-ending backslash trims the break and the
                        // indentation that follows it.
                        loop {
                            self.skip_ws();
                            if !self.newline() {
                                break;
                            }
                        }
                    } else if self.pos != before {
                        return Err(self.error("a backslash must end the line or start an escape"));
                    } else {
                        out.push(self.escape()?);
                    }
                }
                Some('\r') if self.peek() == Some(b'\n') => {}
                Some(c) if c.is_control() && c != '\t' && c != '\n' => {
                    return Err(self.error("control characters must be escaped in strings"))
                }
                Some(c) => out.push(c),
            }
        }
    }

    fn multiline_literal(&mut self) -> Result<String, Error> {
        let opened = self.line;
        self.newline();
        let mut out = String::new();
        loop {
            if self.close_multiline(b'\'', &mut out) {
                return Ok(out);
            }
            match self.bump() {
                None => return Err(Error::at(opened, "this ''' string is never closed")),
                Some('\r') if self.peek() == Some(b'\n') => {}
                Some(c) => out.push(c),
            }
        }
    }

    fn escape(&mut self) -> Result<char, Error> {
        let escaped = match self.bump() {
            Some('b') => '\u{8}',
            Some('t') => '\t',
            Some('n') => '\n',
            Some('f') => '\u{c}',
            Some('r') => '\r',
            Some('e') => '\u{1b}',
            Some('"') => '"',
            Some('\\') => '\\',
            Some('u') => self.unicode(4)?,
            Some('U') => self.unicode(8)?,
            Some('x') => self.unicode(2)?,
            _ => {
                return Err(self
                    .error("unknown escape; use \\\" \\\\ \\n \\t \\uXXXX or another TOML escape"))
            }
        };
        Ok(escaped)
    }

    fn unicode(&mut self, digits: usize) -> Result<char, Error> {
        let hex = self.rest().get(..digits).unwrap_or_default();
        let code = (hex.len() == digits && hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten()
            .and_then(char::from_u32)
            .ok_or_else(|| self.error(format!("`{hex}` is not a Unicode scalar value")))?;
        for _ in 0..digits {
            self.bump();
        }
        Ok(code)
    }

    /// Booleans, integers and floats: one run of number-like characters.
    fn scalar(&mut self) -> Result<Value, Error> {
        let start = self.pos;
        while matches!(
            self.peek(),
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'+' | b'-' | b'.' | b':')
        ) {
            self.bump();
        }
        let token = self.text.get(start..self.pos).unwrap_or_default();
        super::parse_scalar::scalar(token).map_err(|message| self.error(message))
    }
}
