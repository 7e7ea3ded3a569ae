"""Defines ways of splicing and re-arranging time series.

This file provides methods for reading, parsing, and re-arranging a time
series. The main departure from standard TensorFlow input pipelines is a focus
on "chunking" a time series, i.e. slicing it into small contiguous windows which
are then batched together for training, a form of truncated
backpropagation. This typically provides a significant speedup compared to
looping over the whole series sequentially, by exploiting data parallelism and
by reducing redundant contributions to gradients (due to redundant information
in the series itself).

A series, consisting of times (an increasing vector of integers) and values (one
or more floating point values for each time) along with any exogenous features,
is stored either in memory or on disk in various formats (e.g. "one record per
timestep" on disk, or as a dictionary of Numpy arrays in memory). The location
and format is specified by configuring a `TimeSeriesReader` object
(e.g. `NumpyReader`, `CSVReader`), which reads the data into the TensorFlow
graph. A `TimeSeriesInputFn` object (typically `RandomWindowInputFn`) then
performs windowing and batching.
"""

from __future__ import absolute_import
from __future__ import division
from __future__ import print_function

import abc

import numpy
import six
import tensorflow.compat.v1 as tf

from tfts67_lib.timeseries.feature_keys import TrainEvalFeatures


@six.add_metaclass(abc.ABCMeta)
class TimeSeriesReader(object):
  """Reads from and parses a data source for a `TimeSeriesInputFn`."""

  @abc.abstractmethod
  def read(self):
    """Parses one or more records into a feature dictionary."""
    pass

  @abc.abstractmethod
  def read_full(self):
    """Return the full dataset."""
    pass


class NumpyReader(TimeSeriesReader):
  """A time series parser for feeding Numpy arrays to a `TimeSeriesInputFn`."""

  def __init__(self, data, read_num_records_hint=4096):
    self._features = data
    self._read_num_records_hint = read_num_records_hint

  def read(self):
    times = tf.constant(self._features[TrainEvalFeatures.TIMES], dtype=tf.int64)
    values = tf.constant(self._features[TrainEvalFeatures.VALUES], dtype=tf.float32)
    times, values = tf.train.slice_input_producer([times, values], shuffle=False)
    return {TrainEvalFeatures.TIMES: times, TrainEvalFeatures.VALUES: values}

  def read_full(self):
    return {TrainEvalFeatures.TIMES: tf.constant(self._features[TrainEvalFeatures.TIMES]),
            TrainEvalFeatures.VALUES: tf.constant(self._features[TrainEvalFeatures.VALUES])}


class ReaderBaseTimeSeriesParser(TimeSeriesReader):
  """Base for parsing data from a file-backed reader."""

  def __init__(self, filenames, read_num_records_hint=4096):
    self._filenames = filenames
    self._read_num_records_hint = read_num_records_hint

  @abc.abstractmethod
  def _get_reader(self):
    pass

  @abc.abstractmethod
  def _process_records(self, lines):
    pass

  def _get_filename_queue(self, epoch_limit):
    """Constructs a filename queue with an epoch limit.

    `epoch_limit` is intended as an error checking fallback to prevent a reader
    from infinitely looping in its requests for more work items if none are
    available in any file. It should be set high enough that it is never reached
    assuming at least one record exists in some file.
    """
    return tf.train.string_input_producer(
        self._filenames, num_epochs=epoch_limit, shuffle=False)

  def read(self, epoch_limit=None):
    """Reads a chunk of data from the `tf.ReaderBase` for later re-chunking."""
    # Assuming no reordering of the work queue.
    reader = self._get_reader()
    filename_queue = self._get_filename_queue(epoch_limit=epoch_limit)
    _, records = reader.read_up_to(filename_queue, self._read_num_records_hint)
    return self._process_records(records)

  def read_full(self):
    """Reads a full epoch of data into memory."""
    reader = self._get_reader()
    # Set a hard limit of 2 epochs through self._filenames. If there are any
    # records available, we should only end up reading the first record in the
    # second epoch before exiting the while loop and subsequently resetting the
    # epoch limit.
    filename_queue = self._get_filename_queue(epoch_limit=1)
    _, records = reader.read_up_to(filename_queue, 1000)
    return self._process_records(records)


class CSVReader(ReaderBaseTimeSeriesParser):
  """Reads from a collection of CSV-formatted files."""

  def __init__(self,
               filenames,
               column_names=(TrainEvalFeatures.TIMES, TrainEvalFeatures.VALUES),
               column_dtypes=None,
               skip_header_lines=None,
               read_num_records_hint=4096):
    """CSV-parsing reader for a `TimeSeriesInputFn`.

    Args:
      filenames: A filename or list of filenames to read the time series from.
          Each line must have columns corresponding to `column_names`.
      column_names: A list indicating names for each feature.
          `TrainEvalFeatures.TIMES` and `TrainEvalFeatures.VALUES` are required;
          `VALUES` may be repeated to indicate a multivariate series.
      column_dtypes: If provided, must be a list with the same length as
          `column_names`, indicating dtypes for each column.
      skip_header_lines: Passed on to `tf.TextLineReader`; skips this number of
          lines at the beginning of each file.
      read_num_records_hint: When not reading a full dataset, indicates the
          number of records to parse/transfer in a single chunk (for
          efficiency). The actual number transferred at once may vary.
    """
    if not isinstance(filenames, list):
      filenames = [filenames]
    self._column_names = tuple(column_names)
    self._column_dtypes = column_dtypes
    self._skip_header_lines = skip_header_lines
    super(CSVReader, self).__init__(
        filenames=filenames, read_num_records_hint=read_num_records_hint)

  def _get_reader(self):
    return tf.TextLineReader(skip_header_lines=self._skip_header_lines)

  def _process_records(self, lines):
    """Parse `lines` as CSV records."""
    if self._column_dtypes is None:
      default_values = [[0] if column_name == TrainEvalFeatures.TIMES else [0.]
                        for column_name in self._column_names]
    else:
      default_values = [numpy.zeros([], dtype=dtype).tolist() for dtype in self._column_dtypes]
      default_values = [[v] for v in default_values]
    columns = tf.decode_csv(lines, default_values)
    features_lists = {}
    for column_name, value in zip(self._column_names, columns):
      features_lists.setdefault(column_name, []).append(value)
    features = {}
    for column_name, values in features_lists.items():
      if column_name == TrainEvalFeatures.TIMES:
        features[column_name] = tf.cast(values[0], tf.int64)
      else:
        features[column_name] = tf.stack(values, axis=1)
    return features


@six.add_metaclass(abc.ABCMeta)
class TimeSeriesInputFn(object):
  """Base for classes which create batches of windows from a time series."""

  @abc.abstractmethod
  def create_batch(self):
    """Creates chunked Tensors from a time series.

    Returns:
      A tuple of (features, targets), the format expected by an Estimator's
      input_fn (targets is always None for a TimeSeriesInputFn).
    """
    pass

  def __call__(self):
    # Allow a TimeSeriesInputFn to be used as an input function directly
    return self.create_batch()


class WholeDatasetInputFn(TimeSeriesInputFn):
  """Supports passing a full time series to a model for evaluation/inference."""

  def __init__(self, time_series_reader):
    self._reader = time_series_reader
    super(WholeDatasetInputFn, self).__init__()

  def create_batch(self):
    features = self._reader.read_full()
    # Add a batch dimension of one to each feature.
    return ({feature_name: feature_value[None, ...]
             for feature_name, feature_value in features.items()},
            None)


class RandomWindowInputFn(TimeSeriesInputFn):
  """Wraps a `TimeSeriesReader` to create random batches of windows.

  Tensors are first collected into sequential windows (in a windowing queue
  created by `tf.train.batch`, based on the order returned from
  `time_series_reader`), then these windows are randomly batched (in a
  `RandomShuffleQueue`), the Tensors returned by `create_batch` having shapes
  prefixed by [`batch_size`, `window_size`].
  """

  def __init__(self, time_series_reader, window_size, batch_size,
               queue_capacity_multiplier=1000,
               shuffle_min_after_dequeue_multiplier=2,
               discard_out_of_order=True,
               discard_consecutive_batches_limit=1000,
               jitter=True,
               num_threads=2,
               shuffle_seed=None,
               epoch_limit=None):
    """Configure the RandomWindowInputFn.

    Args:
      time_series_reader: A TimeSeriesReader object.
      window_size: The number of examples to keep together sequentially. This
        controls the length of truncated backpropagation: smaller values mean
        less sequential computation, which can lead to faster training but
        create a coarser approximation to the gradient (which would ideally be
        computed by a forward pass over the entire sequence in order).
      batch_size: The number of windows to place together in a batch. Larger
        values will lead to more stable gradients during training.
      queue_capacity_multiplier: The capacity for the queues used to create
        batches, specified as a multiple of `batch_size` (for
        RandomShuffleQueue) and `batch_size * window_size` (for the
        FIFOQueue). Controls the maximum number of windows stored.
      shuffle_min_after_dequeue_multiplier: The minimum number of windows in the
        RandomShuffleQueue after a dequeue, which controls the amount of entropy
        introduced during batching. Specified as a multiple of `batch_size`.
      discard_out_of_order: (not used here: the reader keeps file order)
      discard_consecutive_batches_limit: (not used here)
      jitter: If True, randomly discards examples between some windows in order
        to avoid deterministic chunking patterns. (not used here: see below)
      num_threads: Use this number of threads for queues.
      shuffle_seed: A seed for window shuffling.
      epoch_limit: (vendored addition) passed to the reader, so one pass ends.
    """
    self._reader = time_series_reader
    self._window_size = window_size
    self._reader = time_series_reader
    self._batch_size = batch_size
    self._queue_capacity_multiplier = queue_capacity_multiplier
    self._shuffle_min_after_dequeue_multiplier = (
        shuffle_min_after_dequeue_multiplier)
    self._discard_out_of_order = discard_out_of_order
    self._discard_limit = discard_consecutive_batches_limit
    self._jitter = jitter
    if num_threads is None:
      self._num_threads = self._batch_size
    else:
      self._num_threads = num_threads
    self._shuffle_seed = shuffle_seed
    self._epoch_limit = epoch_limit
    super(RandomWindowInputFn, self).__init__()

  def create_batch(self):
    """Create a batch of windows (the jitter of the original is left out: no record is dropped)."""
    features = self._reader.read(epoch_limit=self._epoch_limit)
    names = sorted(features.keys())
    # Chunks from the reader are put back into single records, then gathered
    # into sequential windows by one thread (so the order holds within a window).
    windows = tf.train.batch(
        [features[name] for name in names],
        batch_size=self._window_size,
        enqueue_many=True,
        num_threads=1,
        capacity=self._queue_capacity_multiplier * self._window_size,
        name="windowing_queue")
    batched = tf.train.shuffle_batch(
        windows,
        batch_size=self._batch_size,
        capacity=self._queue_capacity_multiplier * self._batch_size,
        min_after_dequeue=(self._shuffle_min_after_dequeue_multiplier * self._batch_size),
        num_threads=self._num_threads,
        seed=self._shuffle_seed,
        name="shuffle_windows")
    return dict(zip(names, batched)), None
