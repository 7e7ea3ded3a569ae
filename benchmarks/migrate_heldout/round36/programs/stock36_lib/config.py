"""Settings of the stock-window pipeline."""
TICKERS = ["AAPL", "MSFT", "IBM"]
WINDOW = 4
BATCH_SIZE = 4
NUM_THREADS = 2
MIN_AFTER_DEQUEUE = 3
