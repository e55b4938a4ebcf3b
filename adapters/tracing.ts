/**
 * OpenTelemetry traces through Temporal's interceptors, on when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: the API's client starts a span per workflow start, signal
 * and query and carries its context in the workflow's headers; the worker continues the trace in the
 * workflow (exported through a sink, so workflow code stays deterministic) and in every activity. Spans
 * leave over OTLP/HTTP (JSON) in batches.
 */
import { createRequire } from 'node:module';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { WorkerOptions } from '@temporalio/worker';
import type { WorkflowClientInterceptor } from '@temporalio/client';

export interface Tracing {
  /** For Worker.create: activity interceptors and the sink workflow spans are exported through. */
  worker: Pick<WorkerOptions, 'sinks'> & { interceptors: { activity: NonNullable<NonNullable<WorkerOptions['interceptors']>['activity']> } };
  /** For bundleWorkflowCode: the workflow-side interceptor module. */
  workflowInterceptorModules: string[];
  /** For the Client: starts, signals and queries become spans whose context rides in the headers. */
  clientInterceptors: { workflow: WorkflowClientInterceptor[] };
  /** Flushes what is buffered and stops exporting. */
  shutdown(): Promise<void>;
}

let installed: Tracing | null = null;

/** Sets up tracing once per process (the API and the worker share it under `npm start`); null when off. */
export function setupTracing(otel: { tracesUrl: string; serviceName: string } | undefined): Tracing | null {
  if (!otel) return null;
  if (installed) return installed;
  const resource = new Resource({ 'service.name': otel.serviceName });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter({ url: otel.tracesUrl }), { scheduledDelayMillis: 1000 });
  const provider = new BasicTracerProvider({ resource, spanProcessors: [spanProcessor] });
  // The interceptors ask the global API for their tracer, the active context (async-local, so a span
  // started around a client call is the one its headers carry) and the propagator (W3C traceparent).
  provider.register({ contextManager: new AsyncLocalStorageContextManager().enable(), propagator: new W3CTraceContextPropagator() });
  installed = {
    worker: {
      interceptors: {
        activity: [(ctx) => ({ inbound: new OpenTelemetryActivityInboundInterceptor(ctx), outbound: new OpenTelemetryActivityOutboundInterceptor(ctx) })],
      },
      sinks: { exporter: makeWorkflowExporter(spanProcessor, resource) },
    },
    workflowInterceptorModules: [createRequire(import.meta.url).resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')],
    clientInterceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
    async shutdown() {
      await provider.shutdown();
      installed = null;
    },
  };
  return installed;
}
