//! The islands module's entry point: registers the API the shell mounts
//! widgets and quizzes through (see `web::islands`).

fn main() {
    web::islands::register();
}
