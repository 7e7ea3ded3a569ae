import tensorflow as tf


class FileInputReader:

    # TODO: This only reads input in text CSV format: expand to images, text, ...
    # TODO: Add shuffling

    # This class needs to be instantiated and used within a TF session

    def __init__(self, session, file_queue, sample_queue, number_features, batch_size):
        """
        :param
            session: TF session to use when running the operations of this class
            file_queue: queue the caller made for the file names
            sample_queue: queue the caller made for the parsed samples
            number_features: number of pixel columns each record holds
            batch_size: size of the mini batches taken from the sample queue
        """
        self._sess = session
        self._number_features = number_features
        self._batch_size = batch_size
        self._define_reader_graph(file_queue, sample_queue)

    def enqueue_file(self, filename):
        """Puts one more source file in the file queue."""
        self._sess.run(self._enqueue_file, feed_dict={self._filename: filename})

    def get_sample_batch(self):
        """Dequeues the next (pixels, labels) batch from the sample queue."""
        return self._sess.run(self._get_batch)

    def terminate_queue(self):
        """Stops and joins the threads started in _define_reader_graph."""
        self._coordinator.request_stop()
        self._coordinator.join(self._threads)

    def finish_enqueuing_files(self):
        """
        Closes the file queue, reads every line of the queued files into the sample
        queue, then closes the sample queue so batches can be taken to its end.
        """
        self._sess.run(self._close_file_queue)
        n_records = 0
        try:
            while True:
                self._sess.run(self._read_file_line)
                n_records += 1
        except tf.errors.OutOfRangeError:
            pass  # no more records
        self._sess.run(self._close_sample_queue)
        return n_records

    def _define_reader_graph(self, file_queue, sample_queue):
        # Start populating the filename queue.
        self._coordinator = tf.compat.v1.train.Coordinator()
        # (nothing registered yet: the queues of this class are driven by hand)
        self._threads = tf.compat.v1.train.start_queue_runners(
            sess=self._sess, coord=self._coordinator)

        # Placeholder to pass an input file to enqueue
        self._filename = tf.compat.v1.placeholder(tf.string, name="filename-input")

        # Setting up the filename queue
        self._file_queue = file_queue
        self._enqueue_file = self._file_queue.enqueue([self._filename], name="enqueue-file")
        self._close_file_queue = self._file_queue.close()

        # Setting up the sample queue
        self._sample_queue = sample_queue
        self._close_sample_queue = self._sample_queue.close()

        # Reading lines from files
        self._define_read_file_line_graph()

        # Getting a batch of records
        self._define_get_batch_graph()

    def _define_get_batch_graph(self):
        batch_size = self._batch_size
        dequeue_batch = self._sample_queue.dequeue_many(batch_size, name="dequeue-batch")
        net_input_batch = tf.reshape(
            dequeue_batch[0], [batch_size, self._number_features], name="reshape-input")
        net_target_batch = tf.reshape(
            dequeue_batch[1], [batch_size], name="reshape-target")
        self._get_batch = net_input_batch, net_target_batch

    def _define_read_file_line_graph(self):
        line_reader = tf.compat.v1.TextLineReader()
        key, value = line_reader.read(self._file_queue, name="read-line")
        # one default per column: label + pixels
        record_default = [[0]] * (self._number_features + 1)
        fields = tf.compat.v1.decode_csv(value, record_defaults=record_default, name="decode-line")
        pixels = tf.reshape(fields[1:], [self._number_features])
        target = fields[0]
        self._read_file_line = self._sample_queue.enqueue([pixels, target], name="enqueue-line")
