import tensorflow.compat.v1 as tf
import logging
import random

from llp58_lib.pmt_reader import pmt_reader


class Pipeline():
    def __init__(
        self,
        files,
        features,
        batchSize=1000,
        resample=False,
        weightFile=None,
        labelNameList=None,
        repeat=1,
        bagging=1.,
        maxThreads = 6,
        seed = None
    ):
        self.files = files
        self.features = features
        self.labelNameList = labelNameList
        self.weightFile = weightFile
        self.batchSize = batchSize
        self.resample = resample
        self.repeat = repeat
        self.bagging = bagging
        self.maxThreads = maxThreads
        self.seed = seed

    def init(self, isSignalFct):
        with tf.device('/cpu:0'):
            if self.bagging > 0. and self.bagging < 1.:
                inputFileList = random.sample(self.files, int(max(1, round(len(self.files) * self.bagging))))
            else:
                inputFileList = self.files
            fileListQueue = tf.train.string_input_producer(
                inputFileList, num_epochs=self.repeat, shuffle=True, seed=self.seed)

            rootreader_op = []
            resamplers = []
            for _ in range(min(len(inputFileList) - 1, self.maxThreads)):
                reader_batch = max(2, int(self.batchSize / 2.))
                reader = pmt_reader(fileListQueue, self.features, batch=reader_batch).batch()
                reader["isSignal"] = isSignalFct(reader["truth"])
                rootreader_op.append(reader)
                if self.resample:
                    logging.warning("resampling needs a weight file; not used here")

            minAfterDequeue = self.batchSize * 2
            capacity = minAfterDequeue + 3 * self.batchSize

            batch = tf.train.shuffle_batch_join(
                resamplers if self.resample else rootreader_op,
                batch_size=self.batchSize,
                capacity=capacity,
                min_after_dequeue=minAfterDequeue,
                enqueue_many=True,  # requires to read examples in batches!
                seed=self.seed
            )
            return batch
