// The tbs layer: its exports are listed here as they are built.
export {};
