# -*- coding: utf-8 -*-
from __future__ import absolute_import, division, print_function

import tensorflow.compat.v1 as tf

from plx68_lib.libs.configs import InputDataConfig
from plx68_lib.processing import pipelines


def get_pipeline(name):
    return {'TFRecordImagePipeline': pipelines.TFRecordImagePipeline}[name]


def create_input_data_fn(mode, pipeline_config, scope=None, input_type=None, x=None, y=None):
    """Creates an input data function that can be used with estimators.
    Note that you must pass "factory functions" for both the data provider and
    featurizer to ensure that everything will be created in  the same graph.

    Args:
        mode: `str`, Specifies if this training, evaluation or prediction.
        pipeline_config: the configuration to create a Pipeline instance.
        scope: `str`. scope to use for this input data block.
        input_type: `str`. The type of the input, values: `NUMPY`, `PANDAS`.
                    If `None`, will create a function based on the pipeline config.

    Returns:
        An input function that returns `(feature_batch, labels_batch)`
        tuples when called.
    """
    if input_type in (InputDataConfig.NUMPY, InputDataConfig.PANDAS):
        raise NotImplementedError('numpy / pandas inputs are not in this copy')

    def input_fn():
        """Creates features and labels."""
        pipeline_params = dict(pipeline_config.params)
        pipeline_cls = get_pipeline(pipeline_params.pop('kind'))
        with tf.variable_scope(scope or 'input_fn'):
            pipeline = pipeline_cls(
                mode=mode, name=pipeline_config.name, shuffle=pipeline_config.shuffle,
                num_epochs=pipeline_config.num_epochs, batch_size=pipeline_config.batch_size,
                num_threads=pipeline_config.num_threads,
                min_after_dequeue=pipeline_config.min_after_dequeue,
                allow_smaller_final_batch=pipeline_config.allow_smaller_final_batch,
                **pipeline_params)
            return pipeline()

    return input_fn
