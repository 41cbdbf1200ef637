//! The chrome around every page: header, sidebar navigation, footer.

pub mod search;
pub mod shell;
pub mod sidebar;
