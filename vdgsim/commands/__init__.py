"""The `vdg` command-line commands, one module per command group."""
