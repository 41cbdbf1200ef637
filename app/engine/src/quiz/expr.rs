//! A small arithmetic language for parameterized questions: numbers, named
//! parameters, + − × ÷ ^, parentheses, and sqrt, ln, log10, exp, min, max,
//! ceil, floor, round, abs. Authors write the answer key as a formula; the
//! engine evaluates it for each learner's values, so nothing is hand-computed.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Number(f64),
    Param(usize),
    Negate(Box<Expr>),
    Binary(char, Box<Expr>, Box<Expr>),
    Call(&'static str, Vec<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError(pub String);

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

const FUNCTIONS: [(&str, usize); 11] = [
    ("sqrt", 1),
    ("ln", 1),
    ("log10", 1),
    ("exp", 1),
    ("ceil", 1),
    ("floor", 1),
    ("round", 1),
    ("abs", 1),
    ("min", 2),
    ("max", 2),
    ("pow", 2),
];

struct Parser<'a> {
    chars: Vec<char>,
    at: usize,
    names: &'a [String],
}

/// Parses `text`, resolving names against `names` (the declared parameters).
pub fn parse(text: &str, names: &[String]) -> Result<Expr, ExprError> {
    let mut parser = Parser {
        chars: text.chars().collect(),
        at: 0,
        names,
    };
    let expr = parser.sum()?;
    parser.skip_space();
    if parser.at < parser.chars.len() {
        let next = parser.chars.get(parser.at).copied().unwrap_or(' ');
        return Err(ExprError(format!(
            "unexpected `{next}` at position {} (before “{}”)",
            parser.at + 1,
            parser.rest()
        )));
    }
    Ok(expr)
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.at).copied()
    }

    fn rest(&self) -> String {
        self.chars.iter().skip(self.at).take(12).collect()
    }

    fn sum(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.product()?;
        while let Some(op @ ('+' | '-')) = self.peek() {
            self.at += 1;
            let right = self.product()?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn product(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.unary()?;
        while let Some(op @ ('*' | '/')) = self.peek() {
            self.at += 1;
            let right = self.unary()?;
            left = Expr::Binary(op, Box::new(left), Box::new(right));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        if self.peek() == Some('-') {
            self.at += 1;
            return Ok(Expr::Negate(Box::new(self.unary()?)));
        }
        self.power()
    }

    fn power(&mut self) -> Result<Expr, ExprError> {
        let base = self.atom()?;
        if self.peek() == Some('^') {
            self.at += 1;
            // Right-associative, and binds tighter than a leading minus on its right.
            let exponent = self.unary()?;
            return Ok(Expr::Binary('^', Box::new(base), Box::new(exponent)));
        }
        Ok(base)
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let inner = self.sum()?;
                if self.peek() != Some(')') {
                    return Err(ExprError("a `(` is never closed".into()));
                }
                self.at += 1;
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c.is_alphabetic() || c == '_' => self.name(),
            Some(c) => Err(ExprError(format!(
                "unexpected `{c}` at position {}",
                self.at + 1
            ))),
            None => Err(ExprError("the formula ends too early".into())),
        }
    }

    fn number(&mut self) -> Result<Expr, ExprError> {
        let start = self.at;
        while self
            .chars
            .get(self.at)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.')
        {
            self.at += 1;
        }
        // An exponent such as 1e9 or 2.5e-3.
        if self
            .chars
            .get(self.at)
            .is_some_and(|c| *c == 'e' || *c == 'E')
        {
            let mark = self.at;
            self.at += 1;
            if self
                .chars
                .get(self.at)
                .is_some_and(|c| *c == '-' || *c == '+')
            {
                self.at += 1;
            }
            if self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
                while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
                    self.at += 1;
                }
            } else {
                self.at = mark;
            }
        }
        let text: String = self
            .chars
            .get(start..self.at)
            .unwrap_or_default()
            .iter()
            .collect();
        text.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map(Expr::Number)
            .ok_or(ExprError(format!("`{text}` is not a number")))
    }

    fn name(&mut self) -> Result<Expr, ExprError> {
        let start = self.at;
        while self
            .chars
            .get(self.at)
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
        {
            self.at += 1;
        }
        let name: String = self
            .chars
            .get(start..self.at)
            .unwrap_or_default()
            .iter()
            .collect();
        if self.peek() == Some('(') {
            let Some((function, arity)) = FUNCTIONS.iter().find(|(f, _)| *f == name) else {
                let known: Vec<&str> = FUNCTIONS.iter().map(|(f, _)| *f).collect();
                return Err(ExprError(format!(
                    "unknown function `{name}`; known: {}",
                    known.join(", ")
                )));
            };
            self.at += 1;
            let mut args = vec![self.sum()?];
            while self.peek() == Some(',') {
                self.at += 1;
                args.push(self.sum()?);
            }
            if self.peek() != Some(')') {
                return Err(ExprError(format!("`{name}(` is never closed")));
            }
            self.at += 1;
            if args.len() != *arity {
                return Err(ExprError(format!(
                    "`{name}` takes {arity} argument(s), not {}",
                    args.len()
                )));
            }
            return Ok(Expr::Call(function, args));
        }
        self.names
            .iter()
            .position(|n| *n == name)
            .map(Expr::Param)
            .ok_or(ExprError(format!("`{name}` is not a declared parameter")))
    }
}

impl Expr {
    /// Evaluates with `values` in the order the names were declared. May give
    /// NaN or infinity (division by zero); callers check with `is_finite`.
    pub fn eval(&self, values: &[f64]) -> f64 {
        match self {
            Expr::Number(v) => *v,
            Expr::Param(i) => values.get(*i).copied().unwrap_or(f64::NAN),
            Expr::Negate(inner) => -inner.eval(values),
            Expr::Binary(op, a, b) => {
                let (a, b) = (a.eval(values), b.eval(values));
                match op {
                    '+' => a + b,
                    '-' => a - b,
                    '*' => a * b,
                    '/' => a / b,
                    _ => a.powf(b),
                }
            }
            Expr::Call(name, args) => {
                let arg = |i: usize| args.get(i).map_or(f64::NAN, |a| a.eval(values));
                match *name {
                    "sqrt" => arg(0).sqrt(),
                    "ln" => arg(0).ln(),
                    "log10" => arg(0).log10(),
                    "exp" => arg(0).exp(),
                    "ceil" => arg(0).ceil(),
                    "floor" => arg(0).floor(),
                    "round" => arg(0).round(),
                    "abs" => arg(0).abs(),
                    "min" => arg(0).min(arg(1)),
                    "max" => arg(0).max(arg(1)),
                    _ => arg(0).powf(arg(1)),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, names: &[&str], values: &[f64]) -> f64 {
        let names: Vec<String> = names.iter().map(|n| (*n).to_string()).collect();
        parse(text, &names).unwrap().eval(values)
    }

    #[test]
    fn arithmetic_follows_the_usual_rules() {
        assert_eq!(eval("1 + 2 * 3", &[], &[]), 7.0);
        assert_eq!(eval("(1 + 2) * 3", &[], &[]), 9.0);
        assert_eq!(eval("2 ^ 3 ^ 2", &[], &[]), 512.0);
        assert_eq!(eval("-2 ^ 2", &[], &[]), -4.0);
        assert_eq!(
            eval("16 * p * 1e9 / dp / 1e9", &["p", "dp"], &[7.5, 64.0]),
            1.875
        );
        assert_eq!(
            eval("sqrt(2 * w * m)", &["w", "m"], &[300.0, 86400.0]),
            7200.0
        );
        assert_eq!(eval("max(ceil(2.1), 2)", &[], &[]), 3.0);
        assert_eq!(eval("2.5e-3 * 4E2", &[], &[]), 1.0);
    }

    #[test]
    fn mistakes_are_named() {
        let names = vec!["p".to_string()];
        for (text, needle) in [
            ("q + 1", "not a declared parameter"),
            ("(p + 1", "never closed"),
            ("p +", "ends too early"),
            ("p $ 2", "unexpected `$`"),
            ("foo(p)", "unknown function"),
            ("min(p)", "takes 2 argument"),
            ("p p", "unexpected `p`"),
        ] {
            let error = parse(text, &names).unwrap_err();
            assert!(error.0.contains(needle), "{text}: {error}");
        }
    }
}
