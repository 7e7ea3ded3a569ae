class TensorFlowBatchProducer(object):
    """Base class: subclasses return batch ops for the train / val / test splits."""

    def get_train_batch_ops(self, batch_size=32, num_epochs=None):
        raise NotImplementedError

    def get_val_batch_ops(self, batch_size=32, num_epochs=None):
        raise NotImplementedError

    def get_test_batch_ops(self, batch_size=32, num_epochs=None):
        raise NotImplementedError
