"""Host-only adapters of the engine (CLI subcommands). Never imported on the device."""
