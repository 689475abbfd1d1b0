import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { adminApi, apiRequest } from "@/lib/admin-api";
import type { ReplyTemplate, ReplyTemplateList } from "@/lib/reply-templates";
import { toast } from "@/lib/toast-store";
import type { ReplyTemplateInput } from "@/lib/validation/reply-schemas";
import { AuthRequired } from "../shared/auth-required";
import { PlaceholderGuide } from "./placeholder-guide";
import { TemplateForm } from "./template-form";

/** /admin/templates: the reply templates, added, edited and deleted here, with the placeholders explained. */
export function TemplatesScreen() {
  const queryClient = useQueryClient();
  const list = useQuery<ReplyTemplateList>({ queryKey: [adminApi.replyTemplates] });
  const [adding, setAdding] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [adminApi.replyTemplates] });

  const create = useMutation({
    mutationFn: (values: ReplyTemplateInput) => apiRequest("POST", adminApi.replyTemplates, values),
    onSuccess: () => {
      setAdding(false);
      toast({ title: "Template added", description: "It is in the Reply list of every lead." });
    },
    onSettled: refresh,
  });

  if (list.isError) return <AuthRequired />;

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Reply templates</h1>
        <p className="text-slate-700">Start a reply on a lead from one of these: the lead&apos;s details fill the placeholders, and you can change anything before it goes.</p>
        {list.data && (
          <p className="text-sm text-slate-700" data-testid="mail-mode">
            {list.data.mailEnabled
              ? "Replies are sent from the website's e-mail address; answers come back to you."
              : "E-mail sending is not set up on this server (SMTP): Reply opens your own e-mail app with the text filled in."}
          </p>
        )}
      </div>

      {list.isPending ? (
        <p role="status" className="py-6 text-center text-slate-700">
          Loading the templates...
        </p>
      ) : (
        <>
          <section aria-labelledby="template-list" className="grid gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="template-list" className="text-lg font-bold text-slate-900">
                Templates
              </h2>
              {!adding && (
                <Button onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  Add a template
                </Button>
              )}
            </div>
            {adding && (
              <Card className="p-4 sm:p-6">
                <h3 className="mb-3 text-base font-bold text-slate-900">New template</h3>
                <TemplateForm
                  label="New template"
                  submitLabel="Save template"
                  example={list.data.example}
                  busy={create.isPending}
                  onSave={(values) => create.mutateAsync(values)}
                  onCancel={() => setAdding(false)}
                />
              </Card>
            )}
            {list.data.templates.length === 0 && !adding ? (
              <p className="text-slate-700">No templates yet. Add one to reply to leads in a few taps.</p>
            ) : (
              <ul className="grid gap-4">
                {list.data.templates.map((template) => (
                  <TemplateItem key={template.id} template={template} list={list.data} onChanged={refresh} />
                ))}
              </ul>
            )}
          </section>
          <Card className="p-4 sm:p-6">
            <PlaceholderGuide example={list.data.example} />
          </Card>
        </>
      )}
    </div>
  );
}

function TemplateItem({ template, list, onChanged }: { template: ReplyTemplate; list: ReplyTemplateList; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const update = useMutation({
    mutationFn: (values: ReplyTemplateInput) => apiRequest("PATCH", adminApi.replyTemplate(template.id), values),
    onSuccess: () => {
      setEditing(false);
      toast({ title: "Template saved", description: `“${template.name}” was changed.` });
    },
    onSettled: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => apiRequest("DELETE", adminApi.replyTemplate(template.id)),
    onSuccess: () => toast({ title: "Template deleted", description: "Replies already sent from it stay on their leads' timelines." }),
    onError: () => toast({ title: "Error", description: "The template could not be deleted. Please try again.", variant: "destructive" }),
    onSettled: onChanged,
  });

  return (
    <li data-testid="reply-template">
      <Card className="grid gap-3 p-4 sm:p-6">
        {editing ? (
          <>
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">Edit “{template.name}”</h3>
            <TemplateForm
              label={`Edit ${template.name}`}
              submitLabel="Save changes"
              initial={{ name: template.name, subject: template.subject, body: template.body }}
              example={list.example}
              busy={update.isPending}
              onSave={(values) => update.mutateAsync(values)}
              onCancel={() => setEditing(false)}
            />
          </>
        ) : (
          <>
            <h3 className="text-base font-bold text-slate-900 [overflow-wrap:anywhere]">{template.name}</h3>
            <p className="text-sm text-slate-900 [overflow-wrap:anywhere]">
              <span className="text-slate-600">Subject: </span>
              {template.subject}
            </p>
            <p className="text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{template.body}</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" aria-label={`Edit ${template.name}`} onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${template.name}`}
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete the template “${template.name}”? This cannot be undone.`)) remove.mutate();
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            </div>
          </>
        )}
      </Card>
    </li>
  );
}
