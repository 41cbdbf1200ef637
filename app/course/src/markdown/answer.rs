//! Answer blocks. A plain blockquote whose first line is `[!ANSWER]` holds the
//! answer to an exercise; it becomes a closed disclosure, so a learner commits
//! to a guess before the answer is in view. pulldown-cmark knows only GitHub's
//! five callouts, so this pass finds the marker in the parsed events and tells
//! the renderer where each answer opens and closes. Misspelt and empty
//! markers are `lab check`'s business (`markup_lint`), which keeps their
//! messages out of the browser's download.

use pulldown_cmark::{Event, Tag, TagEnd};
use std::ops::Range;

/// One parsed event, or a point where the renderer opens or closes an answer.
pub(super) enum Step<'a> {
    Event(Event<'a>, usize),
    OpenAnswer,
    CloseAnswer,
}

/// Where an answer's marker ends: how many events after the quote's start it
/// spans, and whether the paragraph it opens goes on after it.
struct Marker {
    span: usize,
    paragraph_goes_on: bool,
}

/// Walks the parsed events, handing `visit` each one, with the answers'
/// openings and closings in their places.
pub(super) fn walk<'a>(events: Vec<(Event<'a>, Range<usize>)>, mut visit: impl FnMut(Step<'a>)) {
    // One entry per open plain blockquote: whether it is an answer.
    let mut quotes: Vec<bool> = Vec::new();
    let mut events = events.into_iter();
    while let Some((event, range)) = events.next() {
        let offset = range.start;
        match event {
            Event::Start(Tag::BlockQuote(None)) => {
                let answer = answer_marker(events.as_slice());
                quotes.push(answer.is_some());
                match answer {
                    Some(found) => {
                        for _ in 0..found.span {
                            events.next();
                        }
                        visit(Step::OpenAnswer);
                        if found.paragraph_goes_on {
                            visit(Step::Event(Event::Start(Tag::Paragraph), offset));
                        }
                    }
                    None => visit(Step::Event(event, offset)),
                }
            }
            Event::End(TagEnd::BlockQuote(None)) if quotes.last() == Some(&true) => {
                quotes.pop();
                visit(Step::CloseAnswer);
            }
            Event::End(TagEnd::BlockQuote(None)) => {
                quotes.pop();
                visit(Step::Event(event, offset));
            }
            event => visit(Step::Event(event, offset)),
        }
    }
}

/// The `[!ANSWER]` line that opens a quote, if it does: the quote's first
/// paragraph starts with text runs that, joined, are the marker, then a line
/// break (the answer goes on in that paragraph) or the paragraph's end.
fn answer_marker(rest: &[(Event<'_>, Range<usize>)]) -> Option<Marker> {
    let [(Event::Start(Tag::Paragraph), _), after @ ..] = rest else {
        return None;
    };
    let mut text = String::new();
    let mut used = 0usize;
    for (event, _) in after {
        let Event::Text(part) = event else { break };
        text.push_str(part);
        used += 1;
    }
    if !text.trim().eq_ignore_ascii_case("[!ANSWER]") {
        return None;
    }
    let paragraph_goes_on = match after.get(used) {
        Some((Event::SoftBreak, _)) => true,
        Some((Event::End(TagEnd::Paragraph), _)) => false,
        _ => return None,
    };
    Some(Marker {
        // The paragraph's start, its text runs, and the break or end after them.
        span: used + 2,
        paragraph_goes_on,
    })
}
