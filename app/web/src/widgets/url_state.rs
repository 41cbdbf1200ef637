//! Widget state in the URL query, so every state can be shared as a link.
//! Keys are `INSTANCE.FIELD`; only fields that differ from the preset are
//! written, so links stay short and a preset change reaches old links.

use course::route::Location;

/// The form's fields as the URL holds them for this instance.
pub fn read(location: &Location, instance: &str, fields: &[&str]) -> Vec<(String, String)> {
    fields
        .iter()
        .filter_map(|field| {
            location
                .query_value(&format!("{instance}.{field}"))
                .map(|value| ((*field).to_string(), value.to_string()))
        })
        .collect()
}

/// Rewrites this instance's keys in the current URL, keeping everything else.
/// Uses `history.replaceState`: no new history entry, no scroll, no hashchange.
pub fn write(instance: &str, current: &[(&str, &str)], baseline: &[(&str, &str)]) {
    let mut location = Location::parse(&crate::dom::current_hash());
    let prefix = format!("{instance}.");
    location.query.retain(|(key, _)| !key.starts_with(&prefix));
    for ((field, value), (_, base)) in current.iter().zip(baseline) {
        if value != base {
            location
                .query
                .push((format!("{prefix}{field}"), (*value).to_string()));
        }
    }
    let hash = location.to_hash();
    if hash != crate::dom::current_hash() {
        crate::dom::replace_hash(&hash);
    }
}
