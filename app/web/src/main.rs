//! The browser entry point; everything lives in the library so tests can mount it.

fn main() {
    web::start();
}
