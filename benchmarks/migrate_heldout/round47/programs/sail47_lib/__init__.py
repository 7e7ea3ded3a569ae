from .feeding import enqueue, enqueue_func
from .telemetry import TelemetryDataset
