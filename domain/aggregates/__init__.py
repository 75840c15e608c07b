"""Aggregates: consistency boundaries that change only by recording domain events."""
