"""The OpenAPI document: finishing what litestar generates, its words, shapes and examples."""
